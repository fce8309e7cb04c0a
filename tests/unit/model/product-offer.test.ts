import { describe, expect, it } from 'vitest';
import { parseOffer } from '@/lib/model/product-offer';

describe('parseOffer (interface 2.5), shapes that drift', () => {
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

  it('drops ad tracking parameters from the offer link', () => {
    const offer = parseOffer({ url: 'https://shop.example/p?id=1&oppref=SECRET&utm_source=chatgpt' });
    expect(offer.url).toBe('https://shop.example/p?id=1&utm_source=chatgpt');
  });
});
