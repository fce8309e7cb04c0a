import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { offersTable } from '@/features/offers/offers';
import { ProductCollection } from '@/lib/model/product-collection';
import type { Product } from '@/lib/model/product-entity';
import { parseOffer } from '@/lib/model/product-offer';
import { amountOfPriceText, currencyOfPriceText } from '@/lib/model/product-price-text';
import { createProductStreamReader } from '@/lib/model/product-update-stream';
import { mutate } from '@/tests/unit/fixtures/mutate';
import { PRODUCT_BODIES, sseBody, sseFrames } from './fixture-documents';
import { fuzz } from './fuzz-property';
import { hostileJson, hostileMutations, hostileString } from './hostile-values';
import { expectNoSecret, typedValue } from './outcome-checks';
import { editText, splitAt, splitPoints, textEdits } from './text-edits';

/**
 * The product_update reader (site-interface 2.5 and site-interface 4.4; the document's `entity` envelopes and
 * offers, the live site's `product` envelopes and offers) on damaged streams: no exception, a typed outcome,
 * no token-bearing value in any product or offer row, and every number a finite one.
 */
const isFiniteOrNull = (value: number | null): boolean => value === null || Number.isFinite(value);

function expectReadableProducts(products: readonly Product[]): void {
  const ids = products.flatMap((product) => (product.id === null ? [] : [product.id]));
  expect(new Set(ids).size).toBe(ids.length);
  for (const row of offersTable(products, 'refresh')) {
    const amounts = [row.base, row.shipping, row.tax, row.total, row.strikePrice];
    expect(amounts.every(isFiniteOrNull)).toBe(true);
    expect(typeof row.hasUtmSource).toBe('boolean');
  }
}

/** Reads a body given in pieces, as text or as bytes cut anywhere (inside a UTF-8 sequence too). */
function readInPieces(body: string, points: readonly number[], asBytes: boolean): Product[] | null {
  const reader = createProductStreamReader();
  if (asBytes) for (const piece of splitAt(new TextEncoder().encode(body), points)) reader.feed(piece);
  else for (const piece of splitAt(body, points)) reader.feed(piece);
  return typedValue(reader.finish())?.products ?? null;
}

/** The data frames of each product body, of both forms. */
const frameLists = Object.values(PRODUCT_BODIES).flat().map(sseFrames);

const mutatedStreams = fc
  .tuple(fc.constantFrom(...frameLists), hostileMutations, fc.boolean(), splitPoints, fc.boolean())
  .map(([frames, mutations, spread, points, asBytes]) => ({
    body: sseBody(mutate(frames, mutations), spread),
    points,
    asBytes,
  }));

describe('the product_update reader on damaged streams', () => {
  fuzz('frames of both forms, mutated, fed in any pieces', mutatedStreams, ({ body, points, asBytes }) => {
    const products = readInPieces(body, points, asBytes);
    expect(products).not.toBeNull();
    expectReadableProducts(products ?? []);
    expectNoSecret(products);
    expectNoSecret(offersTable(products ?? [], 'refresh'));
  });

  fuzz(
    'bodies cut, spliced or padded as text, fed in any pieces',
    fc
      .tuple(fc.constantFrom(...Object.values(PRODUCT_BODIES).flat()), textEdits, splitPoints, fc.boolean())
      .map(([body, edits, points, asBytes]) => ({ body: editText(body, edits), points, asBytes })),
    ({ body, points, asBytes }) => expectReadableProducts(readInPieces(body, points, asBytes) ?? []),
  );
});

describe('offers and displayed prices on hostile values', () => {
  const OFFER_MEMBERS = [
    'merchant',
    'seller',
    'merchant_name',
    'url',
    'price',
    'price_breakdown',
    'price_details',
    'strike_price',
    'original_price',
    'availability',
    'available',
    'tag',
    'best_price_tag',
    'checkoutable',
    'provider',
    'add_utm_source',
  ];
  const priceShaped = fc
    .tuple(
      fc.constantFrom('', '$', '€', 'USD ', '£', 'ab'),
      fc.array(fc.constantFrom('1', '0', '9', '.', ',', "'", '\u00a0', '\u202f', ' ', '٣'), {
        maxLength: 30,
      }),
      fc.constantFrom('', ' EUR', ' USD', '–$20', ' each'),
    )
    .map(([before, digits, after]) => `${before}${digits.join('')}${after}`);

  fuzz(
    'an offer of hostile members, and any displayed price',
    fc.record({
      offer: fc.dictionary(fc.constantFrom(...OFFER_MEMBERS), hostileJson, { maxKeys: 8 }),
      priceText: fc.oneof(priceShaped, hostileString),
    }),
    ({ offer, priceText }) => {
      const parsed = parseOffer(offer);
      const prices = [parsed.price.base, parsed.price.shipping, parsed.price.tax, parsed.price.total];
      expect([...prices, parsed.strikePrice].every(isFiniteOrNull)).toBe(true);
      expect(isFiniteOrNull(amountOfPriceText(priceText))).toBe(true);
      expect(currencyOfPriceText(priceText) ?? 'USD').toMatch(/^[A-Z]{3}$/);
      const collection = new ProductCollection();
      const product = (id: string | null): Product => ({
        id,
        title: priceText,
        brand: null,
        url: null,
        imageUrls: [],
        rating: null,
        reviewCount: null,
        offers: [parsed],
        flags: {
          hasLookupKeyData: false,
          hasIdToTokenMap: false,
          hasCheckoutPayload: false,
          hasCheckoutImageUrls: false,
        },
      });
      for (const id of [priceText, null, priceText, 'other']) collection.add(product(id));
      expect(collection.size).toBe(priceText === 'other' ? 2 : 3);
    },
  );
});
