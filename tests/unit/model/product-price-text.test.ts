import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountOfPriceText, currencyOfPriceText } from '@/lib/model/product-price-text';

describe('amountOfPriceText (the live form of a price)', () => {
  it.each([
    ['$129.99', 129.99],
    ['$1,299.99', 1299.99],
    ['1.299,99 €', 1299.99],
    ['12,99 €', 12.99],
    ['$1,299', 1299],
    ["CHF 1'299.50", 1299.5],
    ['1\u202f299,00\u00a0€', 1299],
    ['From $99', 99],
    ['$0.00', 0],
    ['129', 129],
  ])('reads %s as %d', (text, amount) => {
    expect(amountOfPriceText(text)).toBe(amount);
  });

  it.each(['$10 – $20', '2 for $10', 'Free', '', '$', '1,2.3.4'])('finds no one amount in %j', (text) => {
    expect(amountOfPriceText(text)).toBeNull();
  });

  it('property: reads back any amount written as dollars and cents, with or without thousands commas', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.boolean(), (cents, grouped) => {
        const amount = cents / 100;
        const text = grouped
          ? `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
          : `$${amount.toFixed(2)}`;
        expect(amountOfPriceText(text)).toBe(amount);
      }),
    );
  });

  it('property: never throws and gives a finite number or null for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const amount = amountOfPriceText(text);
        expect(amount === null || Number.isFinite(amount)).toBe(true);
      }),
    );
  });
});

describe('currencyOfPriceText', () => {
  it('reads a written-out currency code, and no currency from a symbol alone', () => {
    expect(currencyOfPriceText('USD 129.99')).toBe('USD');
    expect(currencyOfPriceText('129,99 EUR')).toBe('EUR');
    expect(currencyOfPriceText('$129.99')).toBeNull();
    expect(currencyOfPriceText('FREE shipping')).toBeNull();
  });
});
