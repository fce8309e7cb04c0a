import { describe, expect, it } from 'vitest';
import { TABLE_PANELS } from '@/components/library/tables/TableTabs';
import { NO_CHOICE } from '@/components/library/tables/table-choices';
import { type LibraryFilter, libraryGrids, NO_FILTER } from '@/lens/library/grids';
import type { LibraryConversation } from '@/lens/library/library-record';
import { ad, afternoonOf, libraryConversation, turn } from '@/tests/support/library-records';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const ACME = { advertiser: 'Acme', title: 'Acme boots', link: 'https://acme.example/boots' };
const BIRCH = { advertiser: 'Birch', title: 'Birch tents', link: 'https://birch.example/tents' };

/** "Best boots?" asked twice, by two models in two weeks: Acme and Birch beside the first, nothing beside the second. */
const LIBRARY: LibraryConversation[] = [
  libraryConversation('a', [turn(1, { prompt: 'Best boots?', at: afternoonOf(11, 3) })], {
    ads: [ad({ turnIndex: 1, ...ACME }), ad({ turnIndex: 1, ...BIRCH })],
  }),
  libraryConversation(
    'b',
    [turn(1, { prompt: 'best boots? ', at: afternoonOf(11, 10), model: 'gpt-5-mini' })],
    {
      models: ['gpt-5-mini'],
    },
  ),
];

const adsTab = (records: LibraryConversation[], filter: Partial<LibraryFilter> = {}): string =>
  renderView(TABLE_PANELS.ads, {
    tables: libraryGrids(records),
    choice: { ...NO_CHOICE, filter: { ...NO_FILTER, ...filter } },
    onChoice: () => undefined,
  });

describe("the Ads tab's figures", () => {
  it('heads each figure and gives its rate with its interval and denominator', () => {
    const text = visibleText(adsTab(LIBRARY));
    for (const heading of [
      'Ad rate',
      'Share of ad voice',
      'Contested prompts',
      'Creatives',
      'Week over week',
    ])
      expect(adsTab(LIBRARY)).toContain(`>${heading}</h2>`);
    expect(text).toContain('1 of 2 answers had an ad: 50.0% (9.5–90.5%).');
    expect(text).toContain('2026-11-02 1 1 100.0% (20.7–100.0%)');
    expect(text).toContain('gpt-5-mini 0 1 0.0% (0.0–79.3%)');
    expect(text).toContain('Of 2 ads in all.');
    expect(text).toContain('Acme 1 50.0% (9.5–90.5%)');
    expect(text).toContain('Best boots? Acme (1), Birch (1) 1 2');
    expect(text).toContain('https://acme.example/boots');
    expect(text).toContain('No advertiser came, left or moved');
  });

  it("follows the page's model filter, and not its words", () => {
    const mini = visibleText(adsTab(LIBRARY, { model: 'gpt-5-mini', text: 'Birch' }));
    expect(mini).toContain('0 of 1 answers had an ad');
    expect(mini).toContain('No ad matches these filters, so no advertiser has a share.');
    expect(visibleText(adsTab(LIBRARY, { text: 'Birch' }))).toContain('1 of 2 answers had an ad');
  });

  it('says what is missing in an empty library', () => {
    const text = visibleText(adsTab([]));
    expect(text).toContain('No answer matches these filters');
    expect(text).toContain('No prompt was shown ads of two advertisers');
    expect(text).toContain('No ad matches these filters, so there is no creative.');
  });
});
