import { describe, expect, it } from 'vitest';
import { OverviewTab } from '@/components/library/overview/OverviewTab';
import { domainBars, OTHER_DOMAINS_LABEL } from '@/components/library/overview/overview-bars';
import { summaryOf } from '@/lens/library/library-summary';
import { overviewOf } from '@/lens/library/overview';
import { libraryConversation, page, turn } from '@/tests/support/library-records';
import { smallLibrary } from '@/tests/unit/components/library/library-fixtures';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const overview = overviewOf(smallLibrary().map(summaryOf));

describe('the overview', () => {
  it('counts conversations, turns, searches and the share of turns that searched, from the summaries', () => {
    const html = renderView(OverviewTab, { overview });
    expect(html).toMatch(/data-testid="figure-conversations">3</);
    expect(html).toMatch(/data-testid="figure-turns">3</);
    expect(html).toMatch(/data-testid="figure-searches">3</);
    expect(html).toMatch(/data-testid="figure-search-share">66.7% \(2 of 3\)</);
  });

  it('says the share is unknown when no turn tells whether it searched', () => {
    const unknown = overviewOf([summaryOf(libraryConversation('c', [turn(1)]))]);
    expect(renderView(OverviewTab, { overview: unknown })).toMatch(
      /data-testid="figure-search-share">Unknown</,
    );
  });

  it('draws the cited domains as bars hidden from screen readers, beside the table that says the same', () => {
    const html = renderView(OverviewTab, { overview });
    expect(html).toMatch(/<svg class="bar-chart"[^>]*aria-hidden="true"/);
    const text = visibleText(html);
    expect(text).toContain(
      'Cited pages by domain Domain Cited pages Share seriouseats.com 2 66.7% lodgecastiron.com 1 33.3%',
    );
    expect(text).toContain('Top queries, most first Query Times run best cast iron skillet 2026 1');
    expect(text).toContain('Top advertisers, most first Advertiser Ads Pan Shop 1');
    expect(text).toContain('Top merchants, most first Merchant Offers Kitchen Store 1');
  });

  it('makes one bar per domain, the longest first, and mutes the rest gathered as other domains', () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      page(`https://site${String(index).padStart(2, '0')}.example/`, { cited: true, citations: 1 }),
    );
    const wide = overviewOf([summaryOf(libraryConversation('c', [turn(1, { pages: many })]))], null, 10);
    const bars = domainBars(wide.citedDomains);
    expect(bars).toHaveLength(11);
    expect(bars[0]).toMatchObject({ label: 'site00.example', value: 1, valueText: '8.3%', muted: false });
    expect(bars.at(-1)).toMatchObject({
      label: OTHER_DOMAINS_LABEL,
      value: 2,
      valueText: '16.7%',
      muted: true,
    });
  });

  it('lists the weeks, newest first in the table, and says when nothing was cited or dated', () => {
    const text = visibleText(renderView(OverviewTab, { overview }));
    expect(text).toMatch(/Week of Turns Conversations 2026-11-09 2 2 2026-11-02 1 1$/);
    const bare = overviewOf([summaryOf(libraryConversation('c', [turn(1)], { createdAt: null }))]);
    const bareText = visibleText(renderView(OverviewTab, { overview: bare }));
    expect(bareText).toContain('No answer in the library cites a page yet.');
    expect(bareText).toContain('No prompt in the library has a date.');
  });

  it('folds a run of empty weeks into one line of the table, and keeps a lone empty week', () => {
    const asked = (id: string, date: number) =>
      summaryOf(libraryConversation(id, [turn(1, { at: Date.UTC(2026, 8, date, 12) })]));
    // Weeks of 2026-09-07 and -21 and -10-12 asked; -09-14 alone and -09-28 to -10-05 empty.
    const quiet = overviewOf([asked('a', 8), asked('b', 22), asked('c', 22 + 21)]);
    expect(visibleText(renderView(OverviewTab, { overview: quiet }))).toMatch(
      /Week of Turns Conversations 2026-10-12 1 1 2 weeks, 2026-09-28 to 2026-10-05 No prompt 2026-09-21 1 1 2026-09-14 0 0 2026-09-07 1 1/,
    );
  });

  it("lists the interests ChatGPT's ads inferred with the import's day, and nothing of them when none", () => {
    const importedAt = new Date(2026, 2, 14, 10).getTime();
    const account = {
      interests: ['Hiking gear', 'Sourdough baking'],
      profileVersion: 2,
      ads: [],
      savedAt: importedAt,
    };
    const withInterests = overviewOf(smallLibrary().map(summaryOf), account);
    const text = visibleText(renderView(OverviewTab, { overview: withInterests }));
    expect(text).toContain(
      "Interests ChatGPT's ads inferred From the data export imported on 2026-03-14. Hiking gear Sourdough baking",
    );
    expect(visibleText(renderView(OverviewTab, { overview }))).not.toContain('Interests');
  });
});
