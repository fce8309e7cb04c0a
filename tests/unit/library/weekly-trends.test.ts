import { describe, expect, it } from 'vitest';
import { type BrandSettings, NO_BRANDS } from '@/lib/library/brand-settings';
import type { LibraryAccount } from '@/lib/library/library-record';
import { TOP_ADVERTISERS, weeklyTrends } from '@/lib/library/weekly-trends';
import { ad, libraryConversation, page, turn } from '@/tests/support/library-records';

const BRANDS: BrandSettings = {
  own: { name: 'Lodge', domains: ['lodge.example'], mentions: ['Lodge'] },
  competitors: [{ name: 'Acme', domains: ['acme.example'], mentions: ['Acme'] }],
};

const cited = (url: string) => page(url, { cited: true, citations: 1 });
const day = (month: number, date: number): number => Date.UTC(2026, month - 1, date, 15);

/**
 * Three weeks with answers, worked by hand. Week of 2026-11-02: 3 cited pages (Lodge 1, Acme 1, other 1),
 * mentions Lodge 2 and Acme 1, ads Pan Shop 2 and Knife Co 1. Week of 2026-11-09: nothing. Week of
 * 2026-11-16 (the conversation's date stands in for the turn's): 3 cited pages (Lodge 1, the same page
 * twice counted once, Acme 2), text not kept, no ad. Weeks of 2026-11-23 and 2026-11-30: nothing. Week of
 * 2026-12-07: nothing cited, Acme named once, an ad of no advertiser and the account's Pan Shop ad.
 */
const RECORDS = [
  libraryConversation(
    'c1',
    [
      turn(1, {
        at: day(11, 3),
        pages: [
          cited('https://lodge.example/a'),
          cited('https://acme.example/x'),
          cited('https://other.org/p'),
        ],
        answer: 'Lodge beats Acme. Lodge again.',
      }),
    ],
    {
      ads: [
        ad({ turnIndex: 1, advertiser: 'Pan Shop' }),
        ad({ turnIndex: 1, advertiser: 'Pan Shop' }),
        ad({ turnIndex: 1, advertiser: 'Knife Co' }),
      ],
    },
  ),
  libraryConversation(
    'c2',
    [
      turn(1, {
        at: null,
        pages: [
          cited('https://acme.example/y'),
          cited('https://shop.acme.example/z'),
          cited('https://lodge.example/b'),
          cited('https://lodge.example/b#again'),
        ],
      }),
    ],
    { createdAt: day(11, 18) },
  ),
  libraryConversation('c3', [turn(1, { at: day(12, 9), answer: 'Acme only.' })], {
    ads: [ad({ turnIndex: 1, advertiser: null })],
  }),
];

const ACCOUNT: LibraryAccount = {
  interests: [],
  profileVersion: null,
  ads: [ad({ turnIndex: null, advertiser: 'Pan Shop', shownAt: day(12, 8) }), ad({ turnIndex: null })],
  savedAt: day(12, 10),
};

const WEEKS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07'];

describe('weeklyTrends', () => {
  const trends = weeklyTrends(RECORDS, BRANDS, ACCOUNT);

  it('lists every week from the first answer or ad to the last, the empty ones too', () => {
    expect(trends.weeks).toEqual(WEEKS);
  });

  it("shares each week's cited pages between the brands, the other domains counted in the total", () => {
    expect(trends.citationShare).toEqual({
      lines: [
        { name: 'Lodge', own: true, rest: false, values: [1 / 3, null, 1 / 3, null, null, null] },
        { name: 'Acme', own: false, rest: false, values: [1 / 3, null, 2 / 3, null, null, null] },
      ],
      totals: [3, 0, 3, 0, 0, 0],
    });
  });

  it("shares each week's mentions between the brands, in the answers kept with their text", () => {
    expect(trends.mentionShare).toEqual({
      lines: [
        { name: 'Lodge', own: true, rest: false, values: [2 / 3, null, null, null, null, 0] },
        { name: 'Acme', own: false, rest: false, values: [1 / 3, null, null, null, null, 1] },
      ],
      totals: [3, 0, 0, 0, 0, 1],
    });
  });

  it('counts ads per advertiser, 0 in a week with answers and none, a gap in a week with nothing', () => {
    expect(trends.ads).toEqual({
      lines: [
        { name: 'Pan Shop', own: false, rest: false, values: [2, null, 0, null, null, 1] },
        { name: 'Knife Co', own: false, rest: false, values: [1, null, 0, null, null, 0] },
        // The unnamed ads are the rest; the account's ad of no date is in no week.
        { name: '', own: false, rest: true, values: [0, null, 0, null, null, 1] },
      ],
      totals: [3, 0, 0, 0, 0, 2],
    });
  });

  it('draws no share without brands, and the ads still', () => {
    const unset = weeklyTrends(RECORDS, NO_BRANDS, ACCOUNT);
    expect(unset.citationShare).toBeNull();
    expect(unset.mentionShare).toBeNull();
    expect(unset.ads).toEqual(trends.ads);
    expect(weeklyTrends([], NO_BRANDS)).toEqual({
      weeks: [],
      citationShare: null,
      mentionShare: null,
      ads: { lines: [], totals: [] },
    });
  });

  it('gives the top advertisers a line each, most ads first and ties by name, and the others one', () => {
    const names = ['Fig', 'Elm', 'Dew', 'Cob', 'Bay', 'Ash'];
    const record = libraryConversation('many', [turn(1, { at: day(11, 3) })], {
      ads: [...names, 'Fig', 'Cob'].map((advertiser) => ad({ turnIndex: 1, advertiser })),
    });
    const { ads } = weeklyTrends([record], NO_BRANDS);
    expect(TOP_ADVERTISERS).toBe(5);
    expect(ads.lines.map((line) => [line.name, line.values[0]])).toEqual([
      ['Cob', 2],
      ['Fig', 2],
      ['Ash', 1],
      ['Bay', 1],
      ['Dew', 1],
      ['', 1],
    ]);
    expect(ads.totals).toEqual([8]);
  });
});
