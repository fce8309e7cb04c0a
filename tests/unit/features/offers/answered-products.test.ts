import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answeredProducts } from '@/features/offers/answered-products';
import { inspect } from '@/lens/insights/inspection';
import { PRODUCT_TOKEN_CANARY } from '@/tests/replica/fixtures/canaries';
import { answeredProductReferences } from '@/tests/replica/fixtures/products';
import { bothFormats } from '@/tests/unit/export/rich-inspection';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';

/** The products conversation as its messages format gives it: no product refresh, only what its answer says. */
const shoppingConversation = () => bothFormats('products').messages;

describe('the offers a shopping answer gives', () => {
  it('reads both forms of product reference into products with their offers, as answered', () => {
    const inspection = inspect({ conversation: shoppingConversation() });
    expect(inspection.products.map((product) => product.title)).toEqual([
      'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
      'Bose QuietComfort Ultra Headphones',
      'Sennheiser Momentum 4 Wireless Headphones',
    ]);
    expect(inspection.offers.length).toBe(5);
    expect(new Set(inspection.offers.map((offer) => offer.seenIn))).toEqual(new Set(['answer']));
    const [first] = inspection.offers;
    expect(first).toMatchObject({ merchant: 'Best Buy', total: 355.06, bestPriceTag: 'Best price' });
    expect(first?.availability).not.toBeNull();
  });

  it('keeps no token-bearing value, only that the members were there', () => {
    const conversation = shoppingConversation();
    const inspection = inspect({ conversation });
    expect(JSON.stringify(inspection)).not.toContain(PRODUCT_TOKEN_CANARY);
    for (const offer of inspection.offers) expect(offer.tokenMembers.hasCheckoutPayload).toBe(true);
    expect(inspection.offers.some((offer) => offer.tokenMembers.hasLookupKeyData)).toBe(true);
  });

  it('puts a refreshed product beside its answered offers, counted once', () => {
    const conversation = shoppingConversation();
    const [product] = answeredProducts(conversation);
    if (product === undefined) throw new Error('no product');
    const inspection = inspect({
      conversation,
      products: [{ ...product, offers: product.offers.slice(0, 1) }],
    });
    expect(inspection.products).toHaveLength(3);
    expect(
      inspection.offers.filter((offer) => offer.productId === product.id).map((offer) => offer.seenIn),
    ).toEqual(['answer', 'answer', 'refresh']);
  });

  it('never throws on references of any shape, and reads each product once', () => {
    const references = fc.oneof(
      fc.constant(answeredProductReferences()),
      fc.array(
        fc.record({
          type: fc.constantFrom('products', 'product_entity', 'product', 'webpage'),
          products: fc.anything(),
          product: fc.anything(),
          entity: fc.anything(),
        }),
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(references, (content_references) => {
        const conversation = conversationOf([
          message({ id: 'a', metadata: { content_references } }),
          message({ id: 'b', metadata: { content_references } }),
        ]);
        const products = answeredProducts(conversation);
        const keys = products.map((product) => product.id ?? product.title);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    );
  });
});
