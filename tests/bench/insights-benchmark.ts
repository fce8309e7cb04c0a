import { inspect } from '@/lens/insights/inspection';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { atScale, defineBenchmark, measureRatio, ratioOptions } from './benchmark';
import { onePageConversation } from './one-page-conversation';

/**
 * The whole inspection of a 10,000-message conversation (every feature: queries, sources, ads, offers,
 * transport, reading health) from its parsed inputs, as a ratio to JSON.parse of the conversation's
 * messages-format bytes. Target ≤ 1.
 */
const MESSAGES = { full: 10_000, smoke: 40 };
const SEED = 0x1a5_0004;

export const insightsBenchmark = defineBenchmark({
  name: 'insights',
  figures: ['insights_ratio_10k'],
  run(scale) {
    const messages = atScale(scale, MESSAGES);
    const { text, conversation } = onePageConversation(messages, SEED);
    const ads = adsResponse(FIXTURE_IDS.ads, true);
    const me = meResponse();
    const productBodies = productCards(FIXTURE_IDS.products).map(productUpdateSse);
    // The whole inspection, every feature's reader (reading health included), as the worker and `inspect` run it.
    const insights = () => {
      const adsReport = parseAdsResponse(ads);
      const account = parseAdAccount(me);
      const products = productBodies.flatMap((body) => {
        const parsed = parseProductUpdateBody(body);
        return parsed.ok ? parsed.value.products : [];
      });
      return inspect({
        conversation,
        adsReport: adsReport.ok ? adsReport.value : null,
        account: account.ok ? account.value : null,
        products,
        transportObservation: { streamItems: 12, sseAnswers: 1, handoffs: 0, resumed: 0, htmlAnswers: 0 },
      });
    };
    const once = insights();
    const queries = once.queries.queries.length;
    const sources = once.sources.length;
    const measured = measureRatio(insights, () => JSON.parse(text) as unknown, ratioOptions(scale));
    return {
      figures: { insights_ratio_10k: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${messages} messages, ${queries} queries, ${sources} sources`,
          cells: {
            'JSON bytes': `${Math.round(text.length / 1024)} KiB`,
            'JSON.parse ms': measured.baselineMs.toFixed(3),
            'insights ms': measured.subjectMs.toFixed(3),
            ratio: measured.ratio.toFixed(3),
          },
        },
      ],
    };
  },
});
