import { describe, expect, it } from 'vitest';
import { accountOfExport, mergeAccount } from '@/lens/library/library-account';
import type { LibraryAccount } from '@/lens/library/library-record';
import { readExportAds } from '@/lib/model/export-ads';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/canaries';
import { ad } from '@/tests/support/library-records';
import { AD_TOKEN_MEMBER_CANARY, adsJson } from '@/tests/unit/fixtures/data-export-side-files';

const accountAd = (advertiser: string, shownAt: number | null) =>
  ad({ turnIndex: null, advertiser, shownAt });

const account = (partial: Partial<LibraryAccount> = {}): LibraryAccount => ({
  interests: ['Kayaking'],
  profileVersion: 2,
  ads: [],
  savedAt: 1_000,
  ...partial,
});

describe("what the library keeps of a data export's ads.json beyond its conversations", () => {
  it('takes the interests and the ads of no conversation, dated, with links cleaned', () => {
    const kept = accountOfExport(readExportAds(adsJson('conv-1', 'answer-1')), 5_000);
    expect(kept).toMatchObject({
      interests: ['Hiking gear', 'Sourdough baking'],
      profileVersion: 2,
      savedAt: 5_000,
    });
    expect(kept?.ads).toEqual([
      {
        turnIndex: null,
        advertiser: 'Crumb & Co',
        advertiserUrl: null,
        unitType: null,
        format: null,
        title: null,
        link: 'https://crumb.example/starter',
        cards: [],
        streamed: false,
        shownAt: 1_773_480_413_500,
      },
    ]);
  });

  it('never keeps a tracking value nor a token member of an entry', () => {
    const file = adsJson('conv-1', 'answer-1') as { ad_history: unknown[] };
    const tracked = {
      ad_data_token: AD_TOKEN_MEMBER_CANARY,
      shown_at: '2026-04-02T10:00:00Z',
      advertiser_brand: {
        name: 'Canopy Hammocks',
        url: `https://canopy.example/?oppref=${AD_TRACKING_CANARY}`,
      },
      ad_cards: [
        { title: 'Hang anywhere', url: `https://canopy.example/h?olref=${AD_TRACKING_CANARY}&c=blue` },
      ],
    };
    const kept = accountOfExport(readExportAds({ ...file, ad_history: [tracked] }), 0);
    expect(kept?.ads.map((kept) => kept.link)).toEqual(['https://canopy.example/h?c=blue']);
    expect(JSON.stringify(kept)).not.toContain(AD_TRACKING_CANARY);
  });

  it('is nothing when the file holds neither interests nor ads of the account', () => {
    expect(accountOfExport(readExportAds({ ads_profile: [], ad_history: [] }), 0)).toBeNull();
  });
});

describe('an import merged into the account record', () => {
  it('keeps each ad once, oldest first and the undated last, and the newer profile', () => {
    const kept = account({ ads: [accountAd('B', 2_000), accountAd('U', null)] });
    const incoming = account({
      interests: ['Canoeing'],
      profileVersion: 3,
      ads: [accountAd('A', 1_000), accountAd('B', 2_000)],
      savedAt: 3_000,
    });
    const merged = mergeAccount(kept, incoming);
    expect(merged.ads.map((kept) => kept.advertiser)).toEqual(['A', 'B', 'U']);
    expect(merged).toMatchObject({ interests: ['Canoeing'], profileVersion: 3, savedAt: 3_000 });
  });

  it('keeps the kept profile over an older one, or over an import that names no interest', () => {
    const kept = account({ interests: ['Kayaking'], profileVersion: 5 });
    expect(mergeAccount(kept, account({ interests: ['Chess'], profileVersion: 4 })).interests).toEqual([
      'Kayaking',
    ]);
    expect(mergeAccount(kept, account({ interests: [], profileVersion: null })).profileVersion).toBe(5);
    expect(mergeAccount(kept, account({ interests: ['Chess'], profileVersion: null })).interests).toEqual([
      'Chess',
    ]);
  });
});
