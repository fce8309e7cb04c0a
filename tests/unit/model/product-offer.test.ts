import { describe, expect, it } from 'vitest';
import { parseOffer } from '@/lib/model/product-offer';

describe('parseOffer (site-interface 2.5), shapes that drift', () => {
  it('reads amounts given as objects or numeric strings, and the currency beside them', () => {
    const offer = parseOffer({
      seller: 'Corner Shop',
      price: {
        base: { amount: 10, currency: 'EUR' },
        shipping: '2.50',
        tax: { value: 1.9 },
        total: { amount: '14.40', currency: 'EUR' },
      },
      strike_price: { amount: 19 },
    });
    expect(offer.merchant).toBe('Corner Shop');
    expect(offer.price).toEqual({ base: 10, shipping: 2.5, tax: 1.9, total: 14.4, currency: 'EUR' });
    expect(offer.strikePrice).toBe(19);
  });

  it('takes a bare price as the total', () => {
    expect(parseOffer({ price: 99.5, currency: 'USD' }).price).toEqual({
      base: null,
      shipping: null,
      tax: null,
      total: 99.5,
      currency: 'USD',
    });
  });

  it('reads what is missing or of the wrong type as absent, and the utm_source flag as false', () => {
    const offer = parseOffer({ merchant: 42, checkoutable: 'yes', availability: ['in_stock'] });
    expect(offer).toEqual({
      merchant: null,
      url: null,
      price: { base: null, shipping: null, tax: null, total: null, currency: null },
      priceText: null,
      strikePrice: null,
      availability: null,
      stockText: null,
      deliveryText: null,
      bestPriceTag: null,
      checkoutable: null,
      provider: null,
      hasUtmSource: false,
    });
  });

  it('keeps a display-text price as it is, not as an amount of a breakdown', () => {
    expect(parseOffer({ price: { total: 12 } }).priceText).toBeNull();
    expect(parseOffer({ price: 12 }).priceText).toBeNull();
    expect(parseOffer({ price: '' }).priceText).toBeNull();
  });

  it('drops ad tracking parameters from the offer link', () => {
    const offer = parseOffer({ url: 'https://shop.example/p?id=1&oppref=SECRET&utm_source=chatgpt' });
    expect(offer.url).toBe('https://shop.example/p?id=1&utm_source=chatgpt');
  });
});

describe('parseOffer, the live vocabulary (site-interface 10.3)', () => {
  it('reads merchant_name, the display price, price_details as text, original_price, available and tag.text', () => {
    const offer = parseOffer({
      merchant_name: 'Best Buy',
      url: 'https://www.bestbuy.com/p/1',
      price: '$355.06',
      price_details: { base: '$328.00', shipping: '$0.00', tax: '$27.06', total: '$355.06' },
      original_price: '$399.99',
      available: true,
      tag: { text: 'Best price' },
    });
    expect(offer).toMatchObject({
      merchant: 'Best Buy',
      price: { base: 328, shipping: 0, tax: 27.06, total: 355.06, currency: null },
      priceText: '$355.06',
      strikePrice: 399.99,
      availability: 'in_stock',
      bestPriceTag: 'Best price',
      hasUtmSource: false,
    });
  });

  it('takes the seller_name where no merchant is named', () => {
    expect(parseOffer({ seller_name: 'Crutchfield' }).merchant).toBe('Crutchfield');
    expect(parseOffer({ merchant_name: 'Shop', seller_name: 'Other' }).merchant).toBe('Shop');
  });

  it('takes the total from the display price when no breakdown gives one, and keeps the text', () => {
    const offer = parseOffer({ seller_name: 'Target', price: '$432.99', price_details: { base: '$399.99' } });
    expect(offer.price).toEqual({ base: 399.99, shipping: null, tax: null, total: 432.99, currency: null });
    expect(offer.priceText).toBe('$432.99');
    expect(parseOffer({ price: 'EUR 1.299,00' }).price).toMatchObject({ total: 1299, currency: 'EUR' });
  });

  it('prefers a stated total over the display price', () => {
    const offer = parseOffer({ price: '$10.00', price_details: { total: '$12.50' }, currency: 'USD' });
    expect(offer.price.total).toBe(12.5);
    expect(offer.price.currency).toBe('USD');
    expect(offer.priceText).toBe('$10.00');
  });

  it('keeps a display price that holds no one amount as text, with no total', () => {
    for (const text of ['$10 – $20', 'Free', '4 payments of $32.50']) {
      const offer = parseOffer({ price: text });
      expect(offer.priceText).toBe(text);
      expect(offer.price.total).toBeNull();
    }
  });

  it('maps available false to out_of_stock, and lets a stated availability win', () => {
    expect(parseOffer({ available: false }).availability).toBe('out_of_stock');
    expect(parseOffer({ available: 'no' }).availability).toBeNull();
    expect(parseOffer({ availability: 'backorder', available: true }).availability).toBe('backorder');
  });

  it('reads a tag without text as no tag', () => {
    expect(parseOffer({ tag: { text: '' } }).bestPriceTag).toBeNull();
    expect(parseOffer({ tag: { icon: 'star' } }).bestPriceTag).toBeNull();
    expect(parseOffer({ tag: 'Lowest price' }).bestPriceTag).toBe('Lowest price');
  });
});
