import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT_IDS } from '@/lens/export/formats';
import { exportInspector } from '@/lens/insights/export-inspection';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';
import { NO_EXPORT_MEMBERS } from '@/lib/model/data-export-members';
import { readExportAds } from '@/lib/model/export-ads';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import { createCredentials, REPLICA_TOKEN_PREFIX } from '@/tests/replica/auth';
import { AD_TRACKING_CANARY, adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { adsJson } from '@/tests/unit/fixtures/data-export-side-files';
import { exportText } from './export-text';
import { bothFormats, EXPORTED_AT, parsedValue, replicaProducts, richInspection } from './rich-inspection';

/**
 * architecture "Secrets": the replica plants a recognisable value in every tracking parameter
 * (AD_TRACKING_CANARY), every token-bearing product member (PRODUCT_TOKEN_CANARY) and every access token
 * (REPLICA_TOKEN_PREFIX). None of them may appear in any export.
 */
const CANARIES = [AD_TRACKING_CANARY, PRODUCT_TOKEN_CANARY, REPLICA_TOKEN_PREFIX];

/** Every format of the registry, footnotes and hidden messages included, so a new format is searched too. */
function allExports(inspection: Inspection): string {
  return EXPORT_FORMAT_IDS.flatMap((format) => [
    exportText(inspection, format, { exportedAt: EXPORTED_AT }),
    exportText(inspection, format, {
      exportedAt: EXPORTED_AT,
      citations: 'footnotes',
      includeHiddenAndTools: true,
    }),
  ]).join('\n');
}

function expectNoCanary(text: string): void {
  for (const canary of CANARIES) {
    expect(text).not.toContain(canary);
    expect(decodeURIComponent(text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))).not.toContain(canary);
  }
}

function mergedFixture(name: 'ads' | 'webSearch' | 'products'): Conversation {
  return parsedValue(mergeConversationFormats(bothFormats(name)));
}

describe('no export holds a token, a tracking value or a token-bearing member', () => {
  it('the fixtures do carry the canaries, so the checks below can fail', () => {
    expect(JSON.stringify(adsResponse(FIXTURE_IDS.ads, true))).toContain(AD_TRACKING_CANARY);
    for (const card of [...productCards(FIXTURE_IDS.products), ...productCards(FIXTURE_IDS.liveShopping)]) {
      expect(productUpdateSse(card)).toContain(PRODUCT_TOKEN_CANARY);
    }
    expect(createCredentials().accessToken.startsWith(REPLICA_TOKEN_PREFIX)).toBe(true);
  });

  it('exports of the rich web-search conversation, with ads and offers', () => {
    expectNoCanary(allExports(richInspection()));
  });

  it('exports of the ads and the products conversations', () => {
    const account = parsedValue(parseAdAccount(meResponse()));
    expectNoCanary(
      allExports(
        inspect({
          conversation: mergedFixture('ads'),
          adsReport: parsedValue(parseAdsResponse(adsResponse(FIXTURE_IDS.ads, true))),
          account,
        }),
      ),
    );
    expectNoCanary(
      allExports(inspect({ conversation: mergedFixture('products'), products: replicaProducts() })),
    );
  });

  it('exports of ads read from the live form (ads_response units, ad_data_token members)', () => {
    const liveAds = adsResponse(FIXTURE_IDS.liveShopping, true, 'live');
    expect(JSON.stringify(liveAds)).toContain(AD_TRACKING_CANARY);
    const adsReport = parsedValue(parseAdsResponse(liveAds));
    expect(adsReport.entries.length).toBeGreaterThan(0);
    expectNoCanary(allExports(inspect({ conversation: mergedFixture('ads'), adsReport })));
  });

  it("exports of a data export's conversation with the ads its ads.json history names (site-interface 10.8)", () => {
    const conversation = mergedFixture('ads');
    const file = adsJson(conversation.id as string, 'answer-of-the-ad');
    expect(JSON.stringify(file)).toContain(AD_TRACKING_CANARY);
    const members = { ...NO_EXPORT_MEMBERS, ads: readExportAds(file) };
    const inspection = exportInspector(members)(conversation);
    expect(inspection.ads?.adCount).toBe(1);
    expectNoCanary(allExports(inspection));
  });

  it('exports of products read from the live form (product envelopes, live offers, token members on offers)', () => {
    const liveProducts = productCards(FIXTURE_IDS.liveShopping).flatMap(
      (card) => parsedValue(parseProductUpdateBody(productUpdateSse(card))).products,
    );
    expect(liveProducts.flatMap((product) => product.offers).length).toBeGreaterThan(0);
    expectNoCanary(allExports(inspect({ conversation: mergedFixture('products'), products: liveProducts })));
  });

  it('exports of a conversation whose message metadata carries them (the export does not trust the service)', () => {
    const conversation = mergedFixture('webSearch');
    const [card] = productCards(FIXTURE_IDS.products);
    const adTarget = JSON.stringify(adsResponse(FIXTURE_IDS.ads, true));
    const trackedUrls = adTarget.match(/https?:[^"]*canary-ad-tracking-[^"]*/g) ?? [];
    expect(trackedUrls.length).toBeGreaterThan(0);
    const planted = conversation.messages.map((message, index) =>
      index === 1
        ? {
            ...message,
            metadata: {
              ...message.metadata,
              content_references: [{ type: 'product', product_lookup_key: card?.product_lookup_key }],
              citations: trackedUrls.map((url) => ({ url: JSON.parse(`"${url}"`) as string })),
              accessToken: createCredentials().accessToken,
            },
          }
        : message,
    );
    expectNoCanary(allExports(inspect({ conversation: { ...conversation, messages: planted } })));
  });
});
