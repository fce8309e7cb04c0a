import { describe, expect, it } from 'vitest';
import { summarizeAds } from '@/features/ads/ads';
import { type AdAccount, parseAdAccount } from '@/lib/model/ad-account';
import { type AdsReport, parseAdsResponse } from '@/lib/model/ad-record';
import { AD_TRACKING_CANARY, adsResponse, meResponse } from '@/tests/replica/fixtures/ads';

function report(withAds: boolean): AdsReport {
  const result = parseAdsResponse(adsResponse('conv', withAds));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const accountResult = parseAdAccount(meResponse());
const account: AdAccount = accountResult.ok ? accountResult.value : { segmentId: null, country: null };

describe('summarizeAds (site-interface 4.3 and site-interface 4.6)', () => {
  const shown = report(true);
  const overview = summarizeAds(shown, account);

  it('lists every ad of every turn with its advertiser, title and a clean link', () => {
    const entries = shown.entries;
    expect(overview.shownAny).toBe(true);
    expect(overview.adCount).toBe(entries.length);
    expect(overview.ads.map((ad) => [ad.turnId, ad.advertiser, ad.title])).toEqual(
      entries.map((entry) => [entry.turnId, entry.advertiser.name, entry.cards[0]?.title]),
    );
    for (const ad of overview.ads) {
      expect(ad.link).toMatch(/^https:\/\//);
      expect(ad.link).not.toMatch(/[?&#](oppref|olref|ad_data_token|oa_oppref)=/i);
    }
  });

  it('names each advertiser once', () => {
    expect(overview.advertisers).toEqual([...new Set(overview.ads.map((ad) => ad.advertiser))]);
  });

  it('takes the segment and country of the account from /me, beside the response members', () => {
    expect(overview.accountSegmentId).toBe(account.segmentId);
    expect(overview.country).toBe(account.country);
    expect(overview.segmentId).toBe(shown.segmentId);
    expect([overview.requested, overview.delivered, overview.optOut]).toEqual([
      shown.requested,
      shown.delivered,
      shown.optOut,
    ]);
    expect(overview.removedTrackingParams).toEqual(shown.removedTrackingParams);
  });

  it('falls back to the country of the ads response without /me', () => {
    expect(summarizeAds(shown, null).country).toBe(shown.country);
  });

  it('says no ads were shown when entries_by_turn_id is empty, or when nothing was loaded', () => {
    for (const empty of [summarizeAds(report(false), account), summarizeAds(null, null)]) {
      expect(empty.shownAny).toBe(false);
      expect(empty.ads).toEqual([]);
      expect(empty.adCount).toBe(0);
    }
  });

  it('falls back to a target, then the advertiser site, for an ad without cards', () => {
    const result = parseAdsResponse({
      entries: [
        { turn_id: 't', targets: [{ value: 'https://shop.example/t?oppref=X' }] },
        { turn_id: 't', advertiser_brand: { advertiser: 'Shop', advertiser_url: 'https://shop.example/' } },
      ],
      entries_by_turn_id: { t: [] },
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(summarizeAds(result.value, null).ads.map((ad) => ad.link)).toEqual([
      'https://shop.example/t',
      'https://shop.example/',
    ]);
  });

  it('canary: no tracking value reaches the overview', () => {
    expect(JSON.stringify(overview)).not.toContain(AD_TRACKING_CANARY);
  });
});

describe('summarizeAds of the live site’s form (site-interface 10.4)', () => {
  const live = parseAdsResponse(adsResponse('conv-live', true, 'live'));
  if (!live.ok) throw new Error(live.error.message);
  const overview = summarizeAds(live.value, account);

  it('lists each ad of a single or multi-advertiser unit with its advertiser, title and clean link', () => {
    expect(overview.adCount).toBe(4);
    expect(overview.advertisers).toEqual(['Nordwind Gear', 'Soundhaus', 'Keepwell Cases', 'Ankerline Audio']);
    for (const ad of overview.ads) {
      expect(ad.title).toBe(ad.cards[0]?.title);
      // A carousel card links through its target: the ad's link is that target, cleaned.
      expect(ad.link).toBe(ad.cards[0]?.url);
      expect(ad.link).toMatch(/^https:\/\//);
      expect(decodeURIComponent(ad.link ?? '')).not.toMatch(/[?&#](oppref|olref|ad_data_token|oa_oppref)=/i);
    }
    expect(overview.ads.map((ad) => ad.cardCount)).toEqual([1, 3, 1, 1]);
    expect(overview.ads[1]?.cards.map((card) => card.body)).toEqual([
      'Industry-leading noise cancelling, $328.',
      'Immersive audio, $379.',
      '60-hour battery, $279.95.',
    ]);
  });

  it('canary: no tracking value of the live form reaches the overview', () => {
    expect(JSON.stringify(overview)).not.toContain(AD_TRACKING_CANARY);
  });
});
