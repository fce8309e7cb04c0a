import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersTable } from '@/features/offers/offers';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import {
  PRODUCT_TOKEN_CANARY,
  type ProductCardRequest,
  productCards,
  wireOfCard,
} from '@/tests/replica/fixtures/products';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, call } from './replica-client';

/**
 * site-interface 4.4 as the replica serves it in both forms. The product_update request names no
 * conversation, so the form rides on the card: the live shopping page's cards carry the live site's kind of
 * lookup key, and the replica answers those with live-form frames (site-interface 10.3).
 */
let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

/** The cards the chat page of a conversation will post, read from the page's own config. */
async function cardsOnPage(conversationId: string): Promise<ProductCardRequest[]> {
  const page = await call(replica, `/c/${conversationId}`);
  const config = /<script type="application\/json" id="replica-config">(.*?)<\/script>/s.exec(page.text)?.[1];
  return (JSON.parse(config ?? '{}') as { productCards: ProductCardRequest[] }).productCards;
}

const productUpdate = (card: ProductCardRequest) =>
  call(replica, '/backend-api/search/product_update', {
    method: 'POST',
    headers: { ...asPage(replica), 'content-type': 'application/json' },
    body: JSON.stringify(card),
  });

describe('product_update in the live shopping scenario', () => {
  it('the page holds three cards with live lookup keys; the products page holds document ones', async () => {
    const live = await cardsOnPage(FIXTURE_IDS.liveShopping);
    expect(live).toHaveLength(3);
    expect(live.map(wireOfCard)).toEqual(['live', 'live', 'live']);
    const documentCards = await cardsOnPage(FIXTURE_IDS.products);
    expect(documentCards.map(wireOfCard)).toEqual(['document', 'document', 'document']);
  });

  it('answers a live card with product envelopes that parse into offers with merchants and prices, and no canary', async () => {
    for (const card of productCards(FIXTURE_IDS.liveShopping)) {
      const response = await productUpdate(card);
      expect(response.status).toBe(200);
      expect(response.text).toContain('"type":"product_entity","product":');
      expect(response.text).toContain('"merchant_name":');
      expect(response.text).toContain(PRODUCT_TOKEN_CANARY);
      const result = parseProductUpdateBody(response.text);
      expect(result.ok && result.value.ending).toBe('complete');
      const rows = offersTable(result.ok ? result.value.products : [], 'refresh');
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        expect(row.merchant).not.toBeNull();
        expect(row.total).not.toBeNull();
        expect(row.priceText).not.toBeNull();
      }
      expect(JSON.stringify(result)).not.toContain(PRODUCT_TOKEN_CANARY);
    }
  });

  it('answers a document card with the document form, as before', async () => {
    const [card] = productCards(FIXTURE_IDS.products);
    const response = await productUpdate(card as ProductCardRequest);
    expect(response.text).toContain('"type":"product_entity","entity":');
    expect(response.text).not.toContain('"merchant_name":');
  });
});
