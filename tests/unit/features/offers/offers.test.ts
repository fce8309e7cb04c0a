import { describe, expect, it } from 'vitest';
import { offersTable } from '@/features/offers/offers';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';

const productsOf = (conversationId: string) =>
  productCards(conversationId).flatMap((card) => {
    const result = parseProductUpdateBody(productUpdateSse(card));
    return result.ok ? result.value.products : [];
  });
const products = productsOf(FIXTURE_IDS.products);

describe('offersTable', () => {
  const rows = offersTable(products, 'refresh');

  it('has one row per offer, in product order then offer order', () => {
    expect(rows).toHaveLength(products.reduce((sum, product) => sum + product.offers.length, 0));
    const expected = products.flatMap((product) =>
      product.offers.map((offer) => [product.id, offer.merchant]),
    );
    expect(rows.map((row) => [row.productId, row.merchant])).toEqual(expected);
  });

  it('carries the price breakdown, the tags and the flags of each offer', () => {
    const offers = products.flatMap((product) => product.offers);
    rows.forEach((row, index) => {
      const offer = offers[index];
      expect([row.base, row.shipping, row.tax, row.total, row.currency]).toEqual([
        offer?.price.base,
        offer?.price.shipping,
        offer?.price.tax,
        offer?.price.total,
        offer?.price.currency,
      ]);
      expect(row.bestPriceTag).toBe(offer?.bestPriceTag);
      expect(row.checkoutable).toBe(offer?.checkoutable);
      expect(row.hasUtmSource).toBe(offer?.hasUtmSource);
      expect(row.provider).toBe(offer?.provider);
    });
    expect(rows.some((row) => row.bestPriceTag !== null)).toBe(true);
  });

  it('shows the stock text, or the delivery text where there is no stock text', () => {
    const offers = products.flatMap((product) => product.offers);
    const withoutStock = offers.findIndex((offer) => offer.stockText === null && offer.deliveryText !== null);
    expect(withoutStock).toBeGreaterThanOrEqual(0);
    expect(rows[withoutStock]?.stockOrDelivery).toBe(offers[withoutStock]?.deliveryText);
    const withStock = offers.findIndex((offer) => offer.stockText !== null);
    expect(rows[withStock]?.stockOrDelivery).toBe(offers[withStock]?.stockText);
  });

  it('canary: no token-bearing value reaches a row', () => {
    expect(JSON.stringify(rows)).not.toContain(PRODUCT_TOKEN_CANARY);
  });

  it("says which token-bearing members each offer's product carried, as flags only", () => {
    const flagsOfProducts = products.flatMap((product) => product.offers.map(() => product.flags));
    expect(rows.map((row) => row.tokenMembers)).toEqual(flagsOfProducts);
    expect(rows.some((row) => Object.values(row.tokenMembers).includes(true))).toBe(true);
  });

  it('is empty for no products', () => {
    expect(offersTable([], 'refresh')).toEqual([]);
  });
});

describe('offersTable of the live form (site-interface 10.3)', () => {
  const rows = offersTable(productsOf(FIXTURE_IDS.liveShopping), 'refresh');

  it('has a merchant, the shown price and a total on every row, as the service displayed them', () => {
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      expect(row.merchant).not.toBeNull();
      expect(row.priceText).toMatch(/^\$/);
      expect(row.total).toBe(Number(row.priceText?.slice(1)));
    }
    expect(rows.some((row) => row.base !== null && row.tax !== null)).toBe(true);
    expect(rows.some((row) => row.strikePrice !== null)).toBe(true);
    expect(rows.some((row) => row.bestPriceTag === 'Best price')).toBe(true);
    expect(new Set(rows.map((row) => row.availability))).toEqual(new Set(['in_stock', 'out_of_stock']));
  });

  it('canary: no token-bearing value reaches a row', () => {
    expect(JSON.stringify(rows)).not.toContain(PRODUCT_TOKEN_CANARY);
  });

  it('flags the lookup key the live product frames carry', () => {
    expect(rows.every((row) => row.tokenMembers.hasLookupKeyData)).toBe(true);
  });

  it('leaves the shown price empty for offers in the document form', () => {
    expect(offersTable(products, 'refresh').every((row) => row.priceText === null)).toBe(true);
  });
});
