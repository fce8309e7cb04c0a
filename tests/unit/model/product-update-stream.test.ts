import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedProduct } from '@/lib/model/product-entity';
import {
  createProductStreamReader,
  type ProductStreamOutcome,
  parseProductUpdateBody,
} from '@/lib/model/product-update-stream';
import type { Result } from '@/lib/model/result';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';

const cards = productCards(FIXTURE_IDS.products);
const bodies = cards.map((card) => productUpdateSse(card));
const firstBody = bodies[0] ?? '';

function outcome(result: Result<ProductStreamOutcome>): ProductStreamOutcome {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** The product query's id of a card: the product the body is about. */
function productIdOf(index: number): string {
  const query = cards[index]?.product_query as { product_id: string } | undefined;
  return query?.product_id ?? '';
}

/** Offers in the last entity frame of a body, counted on the raw text. */
function offersInLastFrame(body: string): number {
  const last = body.slice(body.lastIndexOf('product_entity'));
  return (last.match(/"price_breakdown"/g) ?? []).length;
}

function parseInChunks(bytes: Uint8Array, cuts: number[]): Result<ProductStreamOutcome> {
  const reader = createProductStreamReader();
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    reader.feed(bytes.subarray(start, cut));
    start = cut;
  }
  return reader.finish();
}

/** However the network cuts the bytes (up to 60 cuts, anywhere), the reader gives what it gives whole. */
function expectAnyChunkingParsesTheSame(bytes: Uint8Array): void {
  const whole = JSON.stringify(parseInChunks(bytes, []));
  fc.assert(
    fc.property(fc.uniqueArray(fc.integer({ min: 0, max: bytes.length }), { maxLength: 60 }), (cuts) => {
      expect(
        JSON.stringify(
          parseInChunks(
            bytes,
            [...cuts].sort((a, b) => a - b),
          ),
        ),
      ).toBe(whole);
    }),
  );
}

describe('product_update stream reader (site-interface 4.4 and site-interface 6)', () => {
  it('turns the product_entity frames of each fixture body into one product, complete', () => {
    bodies.forEach((body, index) => {
      const result = parseProductUpdateBody(body);
      const value = outcome(result);
      expect(value.ending).toBe('complete');
      expect(value.products.map((product) => product.id)).toEqual([productIdOf(index)]);
      // The later, fuller frame of the same product replaced the first (its JSON spans several data: lines).
      expect(value.products[0]?.offers).toHaveLength(offersInLastFrame(body));
      expect(result.ok && result.warnings).toEqual([]);
    });
  });

  it('reports each product frame as it arrives, before the stream has ended', () => {
    const seen: ParsedProduct[] = [];
    const reader = createProductStreamReader({ onProduct: (parsed) => seen.push(parsed) });
    const firstFrameEnd = firstBody.indexOf('\n\n', firstBody.indexOf('product_entity')) + 2;
    reader.feed(firstBody.slice(0, firstFrameEnd));
    expect(seen.map((parsed) => parsed.product.id)).toEqual([productIdOf(0)]);
    reader.feed(firstBody.slice(firstFrameEnd));
    expect(seen).toHaveLength(2);
    expect(seen[1]?.refreshKey?.lookupKey()).toEqual(cards[0]?.product_lookup_key);
  });

  it('keeps the lookup key of each product apart, in memory only', () => {
    const value = outcome(parseProductUpdateBody(firstBody));
    expect(value.refreshKeys.get(productIdOf(0))?.lookupKey()).toEqual(cards[0]?.product_lookup_key);
  });

  it('canary: no token-bearing value appears in the outcome', () => {
    for (const body of bodies) {
      expect(body).toContain(PRODUCT_TOKEN_CANARY);
      expect(JSON.stringify(parseProductUpdateBody(body))).not.toContain(PRODUCT_TOKEN_CANARY);
    }
  });

  it('keeps what arrived of a cut-off stream and says so', () => {
    const firstFrameEnd = firstBody.indexOf('\n\n', firstBody.indexOf('product_entity')) + 2;
    const cut = firstBody.slice(0, firstFrameEnd + 40);
    const result = parseProductUpdateBody(cut);
    const value = outcome(result);
    expect(value.ending).toBe('cut-off');
    expect(value.products.map((product) => product.id)).toEqual([productIdOf(0)]);
    expect(value.products[0]?.offers).toHaveLength(1);
    expect(result.ok && result.warnings.length).toBeGreaterThan(0);
  });

  it('skips a malformed frame with a warning that holds none of its content', () => {
    const secret = `${PRODUCT_TOKEN_CANARY}in-a-broken-frame`;
    const body = `data: {"type":"product_entity","entity":{"id":"${secret}"\n\n${firstBody}`;
    const result = parseProductUpdateBody(body);
    expect(outcome(result).products.map((product) => product.id)).toEqual([productIdOf(0)]);
    expect(result.ok && result.warnings).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('warns about a product frame without an entity, and reads an entity sent bare under event: product_entity', () => {
    const body = [
      'data: {"type":"product_entity"}\n\n',
      'event: product_entity\ndata: {"id":"bare-1","title":"Bare","offers":[]}\n\n',
      'data: [DONE]\n\n',
    ].join('');
    const result = parseProductUpdateBody(body);
    expect(outcome(result).products.map((product) => product.title)).toEqual(['Bare']);
    expect(result.ok && result.warnings).toHaveLength(1);
  });

  it('ignores frames after [DONE]', () => {
    const late = 'data: {"type":"product_entity","entity":{"id":"late"}}\n\n';
    expect(outcome(parseProductUpdateBody(firstBody + late)).products.map((p) => p.id)).toEqual([
      productIdOf(0),
    ]);
  });

  it('property: a body split at every byte boundary parses the same', () => {
    const bytes = new TextEncoder().encode(firstBody);
    const whole = JSON.stringify(parseProductUpdateBody(firstBody));
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(JSON.stringify(parseInChunks(bytes, [cut]))).toBe(whole);
    }
  });

  it('property: any chunking of the bytes parses the same', () => {
    const body = `${bodies.join('').replaceAll('data: [DONE]\n\n', '')}data: [DONE]\n\n`;
    // Multi-byte characters (a comment, and the en dashes of the fixtures) get split inside their UTF-8 bytes.
    expectAnyChunkingParsesTheSame(new TextEncoder().encode(`: ping é€😀\n\n${body}`));
  });

  it('property: never throws on arbitrary text or arbitrary JSON frames', () => {
    fc.assert(fc.property(fc.string(), (text) => void parseProductUpdateBody(text)));
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('entity', 'product', null), (value, wrapper) => {
        const data = wrapper === null ? value : { type: 'product_entity', [wrapper]: value };
        parseProductUpdateBody(
          `data: ${JSON.stringify(data)}\n\nevent: product_entity\ndata: ${JSON.stringify(value)}\n\n`,
        );
      }),
    );
  });
});

describe('product_update stream reader, the live form (site-interface 10.3)', () => {
  const liveCards = productCards(FIXTURE_IDS.liveShopping);
  const liveBodies = liveCards.map((card) => productUpdateSse(card));

  it('reads {"type":"product_entity","product":{…}} frames into products whose offers have merchants and prices', () => {
    expect(liveBodies).toHaveLength(3);
    liveBodies.forEach((body, index) => {
      expect(body).toContain('"product":');
      expect(body).not.toContain('"entity":');
      const result = parseProductUpdateBody(body);
      const value = outcome(result);
      expect(value.ending).toBe('complete');
      expect(result.ok && result.warnings).toEqual([]);
      const query = liveCards[index]?.product_query as { product_id: string };
      expect(value.products.map((product) => product.id)).toEqual([query.product_id]);
      const offers = value.products[0]?.offers ?? [];
      expect(offers.length).toBeGreaterThan(1);
      for (const offer of offers) {
        expect(offer.merchant).not.toBeNull();
        expect(offer.priceText).toMatch(/^\$\d+\.\d\d$/);
        expect(offer.price.total).toBe(Number(offer.priceText?.slice(1)));
      }
    });
  });

  it('keeps the live lookup key for a refresh, and no token-bearing value in the outcome', () => {
    liveBodies.forEach((body, index) => {
      expect(body).toContain(PRODUCT_TOKEN_CANARY);
      const result = parseProductUpdateBody(body);
      expect(JSON.stringify(result)).not.toContain(PRODUCT_TOKEN_CANARY);
      const query = liveCards[index]?.product_query as { product_id: string };
      expect(outcome(result).refreshKeys.get(query.product_id)?.lookupKey()).toEqual(
        liveCards[index]?.product_lookup_key,
      );
    });
  });

  it('reads the live envelope under event: product_entity too, with flags from the envelope', () => {
    const secret = `${PRODUCT_TOKEN_CANARY}envelope`;
    const envelope = {
      product: { id: 'live-1', title: 'Live', offers: [{ seller_name: 'Shop', price: '$5.00' }] },
      checkout_payload: secret,
    };
    const result = parseProductUpdateBody(
      `event: product_entity\ndata: ${JSON.stringify(envelope)}\n\ndata: [DONE]\n\n`,
    );
    const [product] = outcome(result).products;
    expect(product?.offers.map((offer) => [offer.merchant, offer.price.total])).toEqual([['Shop', 5]]);
    expect(product?.flags.hasCheckoutPayload).toBe(true);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('property: any chunking of the live bytes parses the same', () => {
    const body = `${liveBodies.join('').replaceAll('data: [DONE]\n\n', '')}data: [DONE]\n\n`;
    expect(outcome(parseProductUpdateBody(body)).products).toHaveLength(3);
    expectAnyChunkingParsesTheSame(new TextEncoder().encode(body));
  });
});
