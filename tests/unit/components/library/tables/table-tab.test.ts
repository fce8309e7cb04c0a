import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort } from '@/components/library/shared/table-sort';
import { shownRows } from '@/components/library/tables/TableTab';
import { TABLE_PANELS } from '@/components/library/tables/TableTabs';
import { NO_CHOICE, type TableChoice } from '@/components/library/tables/table-choices';
import type { QueryGridRow } from '@/features/queries/queries-grid';
import { QUERY_COLUMNS } from '@/features/queries/queries-tab';
import { type LibraryFilter, libraryGrids, NO_FILTER } from '@/lens/library/grids';
import { ad, libraryConversation, turn } from '@/tests/support/library-records';
import { smallLibrary } from '@/tests/unit/components/library/library-fixtures';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const tables = libraryGrids(smallLibrary());

/** A tab's props: the tables, and the filter or order chosen. */
const props = (choice: Partial<TableChoice> = {}, filter: Partial<LibraryFilter> = {}) => ({
  tables,
  choice: { ...NO_CHOICE, ...choice, filter: { ...NO_FILTER, ...filter } },
  onChoice: () => undefined,
});

/** The rows' first cells, as rendered, in order. */
const firstCells = (html: string): string[] =>
  [...html.matchAll(/<tr class="vtable__row" aria-rowindex="\d+"[^>]*><td[^>]*>(.*?)<\/td>/g)].map((match) =>
    visibleText(match[1] ?? ''),
  );

describe('a table tab', () => {
  it('counts, heads and links every row: its conversation on chatgpt.com and its pages, in a new tab', () => {
    const html = renderView(TABLE_PANELS.queries, props());
    expect(html).toMatch(/data-testid="queries-count">3 of 3 queries</);
    expect(html).toContain('aria-rowcount="4"');
    expect(firstCells(html)).toEqual([
      'best cast iron skillet 2026',
      'lodge skillet review',
      'best chef knife',
    ]);
    expect(html).toContain('href="https://chatgpt.com/c/skillets" target="_blank" rel="noreferrer noopener"');
    expect(visibleText(renderView(TABLE_PANELS.pages, props()))).toContain('4 of 4 pages');
    expect(renderView(TABLE_PANELS.pages, props())).toContain('href="https://www.seriouseats.com/skillets"');
    expect(visibleText(renderView(TABLE_PANELS.ads, props()))).toContain('Pan Shop Skillets on sale');
    expect(visibleText(renderView(TABLE_PANELS.offers, props()))).toContain(
      'Lodge 10" skillet Lodge Kitchen Store $37.50',
    );
  });

  it('keeps the rows its filters keep, and says how many of all', () => {
    expect(visibleText(renderView(TABLE_PANELS.queries, props({}, { text: '  SKILLET ' })))).toContain(
      '2 of 3 queries',
    );
    expect(firstCells(renderView(TABLE_PANELS.queries, props({}, { model: 'gpt-5-mini' })))).toEqual([
      'best chef knife',
    ]);
    expect(firstCells(renderView(TABLE_PANELS.queries, props({}, { conversationId: 'knives' })))).toEqual([
      'best chef knife',
    ]);
    const november = (day: number) => new Date(2026, 10, day).getTime();
    expect(
      firstCells(renderView(TABLE_PANELS.queries, props({}, { from: november(2), to: november(3) - 1 }))),
    ).toEqual(['best cast iron skillet 2026', 'lodge skillet review']);
    expect(visibleText(renderView(TABLE_PANELS.queries, props({}, { text: 'nothing like it' })))).toContain(
      'No query matches these filters.',
    );
  });

  it('shows the filters chosen in its controls', () => {
    const html = renderView(
      TABLE_PANELS.queries,
      props({}, { text: 'pan', model: 'gpt-5', from: new Date(2026, 10, 2).getTime() }),
    );
    expect(html).toMatch(/<input type="search"[^>]*value="pan"/);
    expect(html).toMatch(/<input type="date" value="2026-11-02"/);
    expect(html).toMatch(/<option value="gpt-5" selected="">gpt-5<\/option>/);
    expect(html).toContain('Any conversation');
  });

  it('sorts by the header pressed, saying so with aria-sort on that header alone', () => {
    const html = renderView(
      TABLE_PANELS.queries,
      props({ sort: { column: 'query', direction: 'ascending' } }),
    );
    expect(firstCells(html)).toEqual([
      'best cast iron skillet 2026',
      'best chef knife',
      'lodge skillet review',
    ]);
    expect(html.match(/aria-sort="ascending"/g)).toHaveLength(1);
    expect(html).not.toContain('aria-sort="descending"');
    expect(html).toMatch(
      /<th scope="col"[^>]*aria-sort="ascending"><button type="button" class="vtable__sort">Query/,
    );
  });

  it('says so when the library holds no row of its kind', () => {
    const plain = libraryGrids([libraryConversation('c', [turn(1)])]);
    const text = visibleText(renderView(TABLE_PANELS.ads, { ...props(), tables: plain }));
    expect(text).toMatch(/^No conversation in the library was shown an ad\./);
    // Its figures still count the answers: a rate of nought is one.
    expect(text).toContain('0 of 1 answers had an ad');
  });

  it("shows an ad of the account's ad history as in no conversation, dated when it was shown", () => {
    const account = {
      interests: [],
      profileVersion: null,
      ads: [ad({ advertiser: 'Summit Trail Co.', turnIndex: null, shownAt: Date.UTC(2026, 9, 14, 9) })],
      savedAt: 0,
    };
    const withHistory = libraryGrids([libraryConversation('c', [turn(1)])], account);
    const text = visibleText(renderView(TABLE_PANELS.ads, { ...props(), tables: withHistory }));
    expect(text).toContain('Summit Trail Co.');
    expect(text).toContain('Ad history, no conversation');
    expect(text).toContain('1 of 1 ad');
  });

  it('renders a few dozen of 100,000 rows, each saying its place in the whole table', () => {
    const many = libraryConversation('many', [
      turn(1, {
        queries: Array.from({ length: 100_000 }, (_, order) => ({
          text: `query ${order}`,
          kind: 'search',
          order,
        })),
      }),
    ]);
    const html = renderView(TABLE_PANELS.queries, { ...props(), tables: libraryGrids([many]) });
    const rows = html.match(/<tr class="vtable__row" /g) ?? [];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(html).toContain('aria-rowcount="100001"');
    expect(visibleText(html)).toContain('100,000 of 100,000 queries');
  });
});

describe('sorting', () => {
  it('starts text from A and numbers from the largest, and flips on a second press', () => {
    expect(nextSort(null, 'query', false)).toEqual({ column: 'query', direction: 'ascending' });
    expect(nextSort(null, 'at', true)).toEqual({ column: 'at', direction: 'descending' });
    expect(nextSort({ column: 'at', direction: 'descending' }, 'at', true)).toEqual({
      column: 'at',
      direction: 'ascending',
    });
    expect(nextSort({ column: 'at', direction: 'descending' }, 'query', false).direction).toBe('ascending');
    expect(ariaSortOf({ column: 'at', direction: 'ascending' }, 'at')).toBe('ascending');
    expect(ariaSortOf({ column: 'at', direction: 'ascending' }, 'query')).toBeUndefined();
  });

  it('orders by the column the header names, and keeps the table order when none is chosen', () => {
    const rows = tables.queries(NO_FILTER);
    expect(shownRows(rows, QUERY_COLUMNS, null)).toBe(rows);
    const byDate = shownRows(rows, QUERY_COLUMNS, { column: 'at', direction: 'descending' });
    expect(byDate.map((row: QueryGridRow) => row.query)[0]).toBe('best chef knife');
  });
});
