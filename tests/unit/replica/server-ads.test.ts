import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdsReport, parseAdsResponse } from '@/lib/model/ad-record';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, call } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

const TRACKING_PAIR = /[?&#;](oppref|olref|ad_data_token|oa_oppref)=/i;

async function adsBody(id: string): Promise<string> {
  const response = await call(replica, `/backend-api/bazaar/conversation/${id}/ads`, {
    headers: asPage(replica),
  });
  expect(response.status).toBe(200);
  return response.text;
}

function parsed(text: string): AdsReport {
  const result = parseAdsResponse(JSON.parse(text));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('ads path of the live scenarios (site-interface 4.3 and site-interface 10.4)', () => {
  it.each([
    ['liveShopping', FIXTURE_IDS.liveShopping],
    ['liveSearch', FIXTURE_IDS.liveSearch],
  ])(
    '%s serves ads_response records that parse with advertiser, cards and clean links',
    async (_name, id) => {
      const text = await adsBody(id);
      expect(text).toContain('"ads_response"');
      expect(text).toContain('"single_advertiser_ad_unit"');
      expect(text).toContain('"multi_advertiser_ad_unit"');
      expect(text).toContain(AD_TRACKING_CANARY);

      const report = parsed(text);
      const entries = report.entries;
      expect(new Set(entries.map((entry) => entry.turnId)).size).toBe(3);
      expect(entries.map((entry) => entry.advertiser.name)).toEqual([
        'Nordwind Gear',
        'Soundhaus',
        'Keepwell Cases',
        'Ankerline Audio',
      ]);
      for (const entry of entries) {
        expect(entry.cards.length).toBeGreaterThan(0);
        for (const card of entry.cards) {
          expect(card.url).toMatch(/^https:\/\//);
          expect(decodeURIComponent(card.url ?? '')).not.toMatch(TRACKING_PAIR);
        }
      }
      expect(JSON.stringify(report)).not.toContain(AD_TRACKING_CANARY);
    },
  );

  it('the document scenarios keep the plain form', async () => {
    const text = await adsBody(FIXTURE_IDS.ads);
    expect(text).not.toContain('"ads_response"');
    const body = JSON.parse(text) as { entries: unknown[] };
    expect(body.entries.length).toBeGreaterThan(0);
    expect(parsed(text).entries).toHaveLength(body.entries.length);
  });
});
