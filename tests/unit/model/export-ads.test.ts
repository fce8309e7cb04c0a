import { describe, expect, it } from 'vitest';
import { exportAdsReport, readExportAds } from '@/lib/model/export-ads';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/canaries';
import { adsJson } from '@/tests/unit/fixtures/data-export-side-files';

const ads = readExportAds(adsJson('conv-trail-1', 'answer-7'));

describe("a data export's ads.json (site-interface 10.8)", () => {
  it('takes the interests of the latest profile, without blanks or repeats', () => {
    expect(ads.interests).toEqual(['Hiking gear', 'Sourdough baking']);
    expect(ads.profileVersion).toBe(2);
  });

  it('reads each ad of the history with its conversation, its turn and its time in any of the site forms', () => {
    expect(ads.shown.map((ad) => [ad.conversationId, ad.entry.turnId, ad.entry.advertiser.name])).toEqual([
      ['conv-trail-1', 'answer-7', 'Trailhead Outfitters'],
      [null, null, 'Crumb & Co'],
    ]);
    expect(ads.shown.map((ad) => ad.entry.shownAt)).toEqual([
      Date.parse('2026-03-14T09:26:53Z'),
      1773480413500,
    ]);
    expect(ads.shown[0]?.entry.cards[0]?.title).toBe('Ultralight tents, 20% off');
  });

  it('strips every tracking value and names the token member without its value', () => {
    const text = JSON.stringify(ads);
    expect(text).not.toContain(AD_TRACKING_CANARY);
    expect(ads.shown[0]?.entry.cards[0]?.url).toBe('https://trailhead.example/tents?size=2p');
    expect(ads.shown[0]?.entry.removedTrackingParams).toEqual(['oppref', 'ad_data_token']);
  });

  it('counts what it cannot read, and reads hidden and reported ads alike', () => {
    expect(ads.unreadable).toBe(2);
    expect(ads.hidden.map((ad) => ad.entry.advertiser.name)).toEqual(['Loud Energy Drinks']);
    expect(ads.reported).toEqual([]);
  });

  it.each([null, 'ads', [], { ads_profile: 'none', ad_history: { not: 'a list' } }])(
    'reads %j as nothing, without throwing',
    (file) => {
      expect(readExportAds(file)).toEqual({
        interests: [],
        profileVersion: null,
        shown: [],
        hidden: [],
        reported: [],
        unreadable: 0,
      });
    },
  );

  it("makes a conversation's ads an ads report, each naming its turn", () => {
    const report = exportAdsReport(ads.shown.filter((ad) => ad.conversationId === 'conv-trail-1'));
    expect(report?.shownAny).toBe(true);
    expect(report?.entries.map((entry) => entry.turnId)).toEqual(['answer-7']);
    expect(exportAdsReport([])).toBeNull();
  });
});
