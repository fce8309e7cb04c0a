import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecord } from '@/lib/model/json-read';
import { type ParsedProduct, parseProductEntity } from '@/lib/model/product-entity';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { mutatedJson } from './ad-and-product-fields.mutations';

const PRODUCTS_CONVERSATION = FIXTURE_IDS.products;

type RawOffer = Record<string, unknown> & {
  merchant?: { name: string };
  seller?: { name: string };
  price_breakdown: { base: number; shipping: number; tax: number; total: number };
};
type RawEntity = Record<string, unknown> & { offers: RawOffer[]; product_lookup_key: unknown };

/**
 * The entities of a fixture body, read with a plain split (independent of the parser under test), wrapped as
 * `entity` (the document's form) or `product` (the live form).
 */
function rawEntities<Entity = RawEntity>(body: string): Entity[] {
  return body
    .replaceAll('\r\n', '\n')
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
        .join('\n'),
    )
    .filter((data) => data.includes('"product_entity"'))
    .map((data) => {
      const frame = JSON.parse(data) as { entity?: Entity; product?: Entity };
      return (frame.entity ?? frame.product) as Entity;
    });
}

/** The last (fullest) entity of each product. */
const lastOfEach = <Entity extends Record<string, unknown>>(list: Entity[]): Entity[] =>
  list.filter((entity, index) => list.findLastIndex((e) => e.id === entity.id) === index);

const entities = productCards(PRODUCTS_CONVERSATION).flatMap((card) => rawEntities(productUpdateSse(card)));
const fullEntities = lastOfEach(entities);

function parsed(entity: unknown, envelope: Record<string, unknown> | null = null): ParsedProduct {
  const result = parseProductEntity(entity, envelope);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the product fixtures (site-interface 2.5)', () => {
  it('have entities of exactly 32 fields and offers of exactly 22, with several offers each', () => {
    expect(fullEntities).toHaveLength(3);
    for (const entity of entities) {
      expect(Object.keys(entity)).toHaveLength(32);
      for (const offer of entity.offers) expect(Object.keys(offer)).toHaveLength(22);
    }
    expect(fullEntities.every((entity) => entity.offers.length >= 2)).toBe(true);
  });
});

describe('parseProductEntity (site-interface 2.5)', () => {
  it('reads the product and every offer', () => {
    for (const raw of fullEntities) {
      const { product } = parsed(raw);
      expect(product.id).toBe(raw.id);
      expect(product.title).toBe(raw.title);
      expect(product.brand).toBe(raw.brand);
      expect(product.rating).toBe(raw.rating);
      expect(product.reviewCount).toBe(raw.num_reviews);
      expect(product.imageUrls).toEqual(raw.image_urls);
      expect(product.offers).toHaveLength(raw.offers.length);
      product.offers.forEach((offer, index) => {
        const rawOffer = raw.offers[index] as RawOffer;
        expect(offer.merchant).toBe((rawOffer.merchant ?? rawOffer.seller)?.name);
        expect(offer.price).toEqual({ ...rawOffer.price_breakdown, currency: rawOffer.currency });
        expect(offer.price.total).toBeCloseTo(
          rawOffer.price_breakdown.base + rawOffer.price_breakdown.shipping + rawOffer.price_breakdown.tax,
        );
        expect(offer.strikePrice).toBe(rawOffer.strike_price);
        expect(offer.availability).toBe(rawOffer.availability);
        expect(offer.stockText).toBe(rawOffer.stock_text);
        expect(offer.deliveryText).toBe(rawOffer.delivery_text);
        expect(offer.bestPriceTag).toBe(rawOffer.best_price_tag);
        expect(offer.checkoutable).toBe(rawOffer.checkoutable);
        expect(offer.provider).toBe(rawOffer.provider);
        expect(offer.hasUtmSource).toBe(rawOffer.add_utm_source);
      });
    }
  });

  it('reads offers named by seller as well as by merchant', () => {
    const names = fullEntities.flatMap((raw) => parsed(raw).product.offers.map((offer) => offer.merchant));
    const sellers = fullEntities.flatMap((raw) => raw.offers.flatMap((offer) => offer.seller?.name ?? []));
    expect(sellers.length).toBeGreaterThan(0);
    for (const seller of sellers) expect(names).toContain(seller);
  });

  it('turns the token-bearing members into presence flags', () => {
    for (const raw of fullEntities) {
      expect(parsed(raw).product.flags).toEqual({
        hasLookupKeyData: true,
        hasIdToTokenMap: true,
        hasCheckoutPayload: true,
        hasCheckoutImageUrls: true,
      });
    }
    const bare = parsed({
      id: 'p',
      product_lookup_key: { version: 2 },
      provider_metadata: {},
      checkout_image_urls: [],
    });
    expect(bare.product.flags).toEqual({
      hasLookupKeyData: false,
      hasIdToTokenMap: false,
      hasCheckoutPayload: false,
      hasCheckoutImageUrls: false,
    });
  });

  it('canary: no token-bearing value appears in the product', () => {
    for (const raw of fullEntities) {
      expect(JSON.stringify(raw)).toContain(PRODUCT_TOKEN_CANARY);
      expect(JSON.stringify(parseProductEntity(raw))).not.toContain(PRODUCT_TOKEN_CANARY);
    }
  });

  it('hands the lookup key out separately, for a refresh request only', () => {
    const raw = fullEntities[0] as RawEntity;
    const { refreshKey } = parsed(raw);
    expect(refreshKey?.lookupKey()).toEqual(raw.product_lookup_key);
    // Serialized or structured-cloned (runtime messages, storage), the key is gone.
    expect(JSON.stringify({ refreshKey })).toBe('{}');
    expect(JSON.stringify(structuredClone(refreshKey))).not.toContain(PRODUCT_TOKEN_CANARY);
    expect(parsed({ id: 'no-key' }).refreshKey).toBeNull();
  });

  it('skips an offer that is not an object with a warning', () => {
    const result = parseProductEntity({ id: 'p', offers: ['junk', { merchant: 'Shop' }] });
    expect(result.ok && result.value.product.offers.map((offer) => offer.merchant)).toEqual(['Shop']);
    expect(result.ok && result.warnings).toHaveLength(1);
  });

  it('fails with a typed error when the entity is not an object', () => {
    const result = parseProductEntity('product');
    expect(!result.ok && result.error.code).toBe('unexpected-shape');
  });

  it('property: never throws on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (entity) => void parseProductEntity(entity)));
  });

  it('property: never throws on mutated fixtures and never leaks a token value', () => {
    fc.assert(
      fc.property(mutatedJson(fullEntities[1]), (entity) => {
        expect(JSON.stringify(parseProductEntity(entity))).not.toContain(PRODUCT_TOKEN_CANARY);
      }),
    );
  });
});

type LiveOffer = Record<string, unknown> & {
  merchant_name?: string;
  seller_name?: string;
  price: string;
  price_details?: { base: string; shipping: string; tax: string; total: string };
  original_price: string | null;
  available: boolean;
  tag: { text: string } | null;
};
type LiveEntity = Record<string, unknown> & { id: string; offers: LiveOffer[] };

const liveEntities = lastOfEach(
  productCards(FIXTURE_IDS.liveShopping).flatMap((card) => rawEntities<LiveEntity>(productUpdateSse(card))),
);
/** The fixture writes dollars as "$1234.56": read with a plain slice, independent of the parser. */
const dollars = (text: string): number => Number(text.slice(1));

describe('parseProductEntity, the live form (site-interface 10.3)', () => {
  it('reads every offer of the live fixtures: merchant, shown price, breakdown, strike price, availability, tag', () => {
    expect(liveEntities).toHaveLength(3);
    for (const raw of liveEntities) {
      const { product } = parsed(raw);
      expect(product.id).toBe(raw.id);
      expect(product.title).toBe(raw.title);
      expect(product.offers).toHaveLength(raw.offers.length);
      product.offers.forEach((offer, index) => {
        const rawOffer = raw.offers[index] as LiveOffer;
        expect(offer.merchant).toBe(rawOffer.merchant_name ?? rawOffer.seller_name);
        expect(offer.priceText).toBe(rawOffer.price);
        expect(offer.price.total).toBe(dollars(rawOffer.price_details?.total ?? rawOffer.price));
        expect(offer.price.base).toBe(
          rawOffer.price_details === undefined ? null : dollars(rawOffer.price_details.base),
        );
        expect(offer.strikePrice).toBe(
          rawOffer.original_price === null ? null : dollars(rawOffer.original_price),
        );
        expect(offer.availability).toBe(rawOffer.available ? 'in_stock' : 'out_of_stock');
        expect(offer.bestPriceTag).toBe(rawOffer.tag?.text ?? null);
      });
    }
    const offers = liveEntities.flatMap((raw) => raw.offers);
    // Both namings, offers with and without a breakdown, and an unavailable one are all in the fixtures.
    expect(offers.some((offer) => offer.seller_name !== undefined)).toBe(true);
    expect(offers.some((offer) => offer.price_details === undefined)).toBe(true);
    expect(offers.some((offer) => !offer.available)).toBe(true);
  });

  it('turns the token-bearing members of the entity and of its offers into flags, and leaks none', () => {
    for (const raw of liveEntities) {
      expect(JSON.stringify(raw)).toContain(PRODUCT_TOKEN_CANARY);
      const result = parseProductEntity(raw);
      expect(JSON.stringify(result)).not.toContain(PRODUCT_TOKEN_CANARY);
      expect(result.ok && result.value.product.flags).toMatchObject({
        hasLookupKeyData: true,
        hasCheckoutPayload: true,
        hasCheckoutImageUrls: true,
      });
    }
  });

  it('sets a flag for a token-bearing member that sits only on an offer', () => {
    const secret = `${PRODUCT_TOKEN_CANARY}on-an-offer`;
    const result = parseProductEntity({
      id: 'p',
      offers: [
        {
          merchant_name: 'Shop',
          checkout_payload: secret,
          provider_metadata: { id_to_token_map: { o: secret } },
        },
      ],
    });
    expect(result.ok && result.value.product.flags).toEqual({
      hasLookupKeyData: false,
      hasIdToTokenMap: true,
      hasCheckoutPayload: true,
      hasCheckoutImageUrls: false,
    });
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('reads the envelope around the entity: its token-bearing members become flags, its lookup key the refresh key', () => {
    const lookupKey = { data: `${PRODUCT_TOKEN_CANARY}in-the-envelope`, version: '1' };
    const envelope = {
      type: 'product_entity',
      product: { id: 'p', offers: [] },
      product_lookup_key: lookupKey,
      checkout_image_urls: [`https://img.example/${PRODUCT_TOKEN_CANARY}x.jpg`],
    };
    const { product, refreshKey } = parsed(envelope.product, envelope);
    expect(product.flags).toEqual({
      hasLookupKeyData: true,
      hasIdToTokenMap: false,
      hasCheckoutPayload: false,
      hasCheckoutImageUrls: true,
    });
    expect(refreshKey?.lookupKey()).toEqual(lookupKey);
    expect(JSON.stringify(product)).not.toContain(PRODUCT_TOKEN_CANARY);
    // The entity's own key comes first.
    const own = { data: 'own', version: '1' };
    expect(parsed({ id: 'p', product_lookup_key: own }, envelope).refreshKey?.lookupKey()).toEqual(own);
  });

  it('property: never throws on mutated live fixtures, in or out of an envelope, and never leaks a token value', () => {
    fc.assert(
      fc.property(mutatedJson({ type: 'product_entity', product: liveEntities[0] }), (frame) => {
        const envelope = isRecord(frame) ? frame : null;
        const result = parseProductEntity(envelope?.product, envelope);
        expect(JSON.stringify(result)).not.toContain(PRODUCT_TOKEN_CANARY);
      }),
    );
  });
});
