import { describe, expect, it } from 'vitest';
import { TrendChart } from '@/components/library/trends/TrendChart';
import { TrendsReport } from '@/components/library/trends/TrendsReport';
import { weekAfterKey, weekReadout } from '@/components/library/trends/trend-cursor';
import { trendFigures } from '@/components/library/trends/trend-figures';
import { weeklyTrends } from '@/lens/library/weekly-trends';
import { type BrandSettings, NO_BRANDS } from '@/lib/library/brand-settings';
import {
  ad,
  afternoonOf,
  citedPage,
  LODGE_AND_ACME,
  libraryConversation,
  turn,
} from '@/tests/support/library-records';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

/**
 * Weeks of 2026-11-02 (Lodge 1 and Acme 2 of 4 cited pages, an ad of Pan Shop), -09 (nothing), -16 (a page
 * of no brand, an ad of Knife Co), -23 and -30 (nothing), 2026-12-07 (Lodge 1 of 1, two ads of Pan Shop).
 */
const RECORDS = [
  libraryConversation(
    'c1',
    [
      turn(1, {
        at: afternoonOf(11, 3),
        pages: [
          citedPage('https://lodge.example/a'),
          citedPage('https://acme.example/b'),
          citedPage('https://acme.example/c'),
          citedPage('https://other.org/d'),
        ],
      }),
    ],
    { ads: [ad({ turnIndex: 1, advertiser: 'Pan Shop' })] },
  ),
  libraryConversation(
    'c2',
    [turn(1, { at: afternoonOf(11, 18), pages: [citedPage('https://other.org/x')] })],
    {
      ads: [ad({ turnIndex: 1, advertiser: 'Knife Co' })],
    },
  ),
  libraryConversation(
    'c3',
    [turn(1, { at: afternoonOf(12, 9), pages: [citedPage('https://lodge.example/e')] })],
    {
      ads: [ad({ turnIndex: 1, advertiser: 'Pan Shop' }), ad({ turnIndex: 1, advertiser: 'Pan Shop' })],
    },
  ),
];

const figures = trendFigures(weeklyTrends(RECORDS, LODGE_AND_ACME), 'Lodge');
const citation = figures.citationShare;
const report = (brands: BrandSettings, records = RECORDS) =>
  renderView(TrendsReport, { records, account: null, brands });

describe('the keyboard on a trend chart', () => {
  it('steps week by week without wrapping, jumps with Home and End, and ignores other keys', () => {
    expect(weekAfterKey('ArrowRight', null, 6)).toBe(0);
    expect(weekAfterKey('ArrowLeft', null, 6)).toBe(5);
    expect(weekAfterKey('ArrowRight', 2, 6)).toBe(3);
    expect(weekAfterKey('ArrowRight', 5, 6)).toBe(5);
    expect(weekAfterKey('ArrowLeft', 0, 6)).toBe(0);
    expect(weekAfterKey('Home', 4, 6)).toBe(0);
    expect(weekAfterKey('End', 1, 6)).toBe(5);
    expect(weekAfterKey('Enter', 1, 6)).toBeNull();
    expect(weekAfterKey('ArrowUp', 1, 6)).toBeNull();
    expect(weekAfterKey('ArrowRight', null, 0)).toBeNull();
  });

  it("says a week's values and what they count against, or that the week had nothing", () => {
    if (citation === null) throw new Error('The brands are set.');
    expect(weekReadout(citation, 0)).toBe('Week of 2026-11-02: Lodge (you) 25%, Acme 50%, of 4 cited pages.');
    expect(weekReadout(citation, 5)).toBe('Week of 2026-12-07: Lodge (you) 100%, Acme 0%, of 1 cited page.');
    expect(weekReadout(citation, 2)).toBe('Week of 2026-11-16: Lodge (you) 0%, Acme 0%, of 1 cited page.');
    expect(weekReadout(citation, 1)).toBe('Week of 2026-11-09: No cited page.');
    expect(weekReadout(figures.ads, 5)).toBe('Week of 2026-12-07: Pan Shop 2, Knife Co 0, of 2 ads.');
  });
});

describe('a trend chart', () => {
  if (citation === null) throw new Error('The brands are set.');
  const html = renderView(TrendChart, { figure: citation });

  it('is a focusable group named for its chart, described by its keys, with an empty polite live region', () => {
    expect(html).toMatch(
      /<div class="trend-chart" role="group" aria-label="Citation share by week, line chart" aria-describedby="([^"]+)" tabindex="0">/,
    );
    const hint = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(
      `<p id="${hint}" class="trend-chart__hint">Left and Right arrows move week by week; Home and End go to the first and the last week.</p>`,
    );
    expect(html).toContain('<p class="trend-chart__readout" aria-live="polite"></p>');
    // The canvas is drawn once mounted, hidden from screen readers.
    expect(html).toContain('<div class="trend-chart__plot" aria-hidden="true"></div>');
  });

  it('names each line beside a sample of it, the user’s brand in bold and never by colour alone', () => {
    expect(html).toContain('<li class="trend-chart__own"><svg');
    expect(html).toMatch(/stroke-width="3" stroke-dasharray=""[^>]*><\/line><\/svg>Lodge \(you\)<\/li>/);
    expect(html).toMatch(
      /style="color:var\(--trend-line-2\)"[^>]*><line[^>]*stroke-dasharray="8 4"[^>]*><\/line><\/svg>Acme</,
    );
  });

  it('holds the same numbers in its table, newest first, a lone empty week kept and a run folded', () => {
    expect(visibleText(html)).toContain(
      [
        'Citation share by week, table Week of Lodge (you) Acme Cited pages',
        '2026-12-07 100% 0% 1',
        '2 weeks, 2026-11-23 to 2026-11-30 No cited page',
        '2026-11-16 0% 0% 1',
        '2026-11-09 — — 0',
        '2026-11-02 25% 50% 4',
      ].join(' '),
    );
    expect(html).toContain('<td colSpan="3" class="small-table__across">No cited page</td>');
  });
});

describe('the trends tab', () => {
  it('has a section per trend, each chart beside its table', () => {
    const text = visibleText(report(LODGE_AND_ACME));
    expect(text).toMatch(/^Citation share by week .* Mention share by week .* Ads by week /);
    expect(text).toContain('Mention share by week, table Week of Lodge (you) Acme Mentions');
    expect(text).toContain(
      'Ads by week, table Week of Pan Shop Knife Co Ads 2026-12-07 2 0 2 2 weeks, 2026-11-23 to 2026-11-30 No ad 2026-11-16 0 1 1 2026-11-09 — — 0 2026-11-02 1 0 1',
    );
  });

  it('says how to set brands in place of the shares, and still charts the ads', () => {
    const html = report(NO_BRANDS);
    expect(
      html.match(/Name your brand and your competitors in the <a href="#brands">Brands<\/a> tab/g),
    ).toHaveLength(2);
    expect(html).not.toContain('Citation share by week, line chart');
    expect(html).toContain('aria-label="Ads by week, line chart"');
  });

  it('says when nothing in the library has a date', () => {
    const undated = [libraryConversation('c', [turn(1)], { createdAt: null })];
    expect(visibleText(report(LODGE_AND_ACME, undated))).toBe(
      'No answer or ad in the library has a date yet.',
    );
  });
});
