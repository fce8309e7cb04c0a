import { describe, expect, it } from 'vitest';
import type { LibraryAccount } from '@/lens/library/library-record';
import { TOP_ADVERTISERS, weeklyTrends } from '@/lens/library/weekly-trends';
import { NO_BRANDS } from '@/lib/library/brand-settings';
import {
  ad,
  afternoonOf,
  citedPage,
  LODGE_AND_ACME,
  libraryConversation,
  turn,
} from '@/tests/support/library-records';

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
        at: afternoonOf(11, 3),
        pages: [
          citedPage('https://lodge.example/a'),
          citedPage('https://acme.example/x'),
          citedPage('https://other.org/p'),
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
          citedPage('https://acme.example/y'),
          citedPage('https://shop.acme.example/z'),
          citedPage('https://lodge.example/b'),
          citedPage('https://lodge.example/b#again'),
        ],
      }),
    ],
    { createdAt: afternoonOf(11, 18) },
  ),
  libraryConversation('c3', [turn(1, { at: afternoonOf(12, 9), answer: 'Acme only.' })], {
    ads: [ad({ turnIndex: 1, advertiser: null })],
  }),
];

const ACCOUNT: LibraryAccount = {
  interests: [],
  profileVersion: null,
  ads: [
    ad({ turnIndex: null, advertiser: 'Pan Shop', shownAt: afternoonOf(12, 8) }),
    ad({ turnIndex: null }),
  ],
  savedAt: afternoonOf(12, 10),
};

const WEEKS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07'];

describe('weeklyTrends', () => {
  const trends = weeklyTrends(RECORDS, LODGE_AND_ACME, ACCOUNT);

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
    const record = libraryConversation('many', [turn(1, { at: afternoonOf(11, 3) })], {
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
