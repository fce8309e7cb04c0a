import { describe, expect, it } from 'vitest';
import { compareFormats } from '@/features/details/format-comparison';
import { inspect } from '@/lens/insights/inspection';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { bothFormats, parsedValue, replicaProducts } from '@/tests/unit/export/rich-inspection';
import { conversationOf, message } from './build-conversation';

const conversation = conversationOf([
  message({ id: 'u1', role: 'user', text: 'Which headphones?' }),
  message({ id: 't1', role: 'tool', metadata: { search_model_queries: ['best anc headphones'] } }),
  message({ id: 'a1', text: 'These.' }),
]);

describe('inspect', () => {
  it('with the conversation alone: its queries, and nothing seen of the rest', () => {
    const inspection = inspect({ conversation });
    expect(inspection.conversation).toBe(conversation);
    expect(inspection.queries.queries.map((query) => query.text)).toEqual(['best anc headphones']);
    expect(inspection).toMatchObject({
      ads: null,
      account: null,
      products: [],
      offers: [],
      transport: 'unknown',
      formats: null,
    });
  });

  it('tells "no ads response seen" (null) from "the service showed none" (shownAny false)', () => {
    const noAds = parsedValue(parseAdsResponse(adsResponse(FIXTURE_IDS.plain, false)));
    expect(inspect({ conversation }).ads).toBeNull();
    expect(inspect({ conversation, adsReport: noAds }).ads).toMatchObject({ shownAny: false, adCount: 0 });
  });

  it("summarizes the ads with the account's segment and country", () => {
    const inspection = inspect({
      conversation,
      adsReport: parsedValue(parseAdsResponse(adsResponse(FIXTURE_IDS.ads, true))),
      account: parsedValue(parseAdAccount(meResponse())),
    });
    expect(inspection.account).toEqual({ segmentId: 'seg_us_tech_affinity_07', country: 'US' });
    expect(inspection.ads).toMatchObject({
      shownAny: true,
      adCount: 4,
      accountSegmentId: 'seg_us_tech_affinity_07',
      country: 'US',
    });
  });

  it('flattens the offers of every product, product order first', () => {
    const products = replicaProducts();
    const inspection = inspect({ conversation, products });
    expect(inspection.products).toEqual(products);
    expect(inspection.offers).toHaveLength(products.reduce((sum, product) => sum + product.offers.length, 0));
    expect(inspection.offers.map((row) => row.productId)).toEqual(
      products.flatMap((product) => product.offers.map(() => product.id)),
    );
  });

  it('decides the transport from what was observed (site-interface 6)', () => {
    const transport = (streamItems: number, sseAnswers: number) =>
      inspect({
        conversation,
        transportObservation: { streamItems, sseAnswers, handoffs: 0, resumed: 0, htmlAnswers: 0 },
      }).transport;
    expect([transport(0, 0), transport(0, 2), transport(1, 0), transport(3, 1)]).toEqual([
      'unknown',
      'sse',
      'websocket',
      'websocket',
    ]);
  });

  it('carries the format comparison it is given', () => {
    const { messages, tree } = bothFormats('webSearch');
    const formats = compareFormats(messages, tree);
    expect(inspect({ conversation: messages, formats }).formats).toBe(formats);
  });
});
