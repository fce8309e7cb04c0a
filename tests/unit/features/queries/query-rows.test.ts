import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '@/features/queries/queries';
import { filterQueries, queriesAsLines, queryRows } from '@/features/queries/query-rows';

const query = (text: string, turnIndex: number, kind: SearchQuery['kind'] = 'search'): SearchQuery => ({
  text,
  kind,
  source: 'search_model_queries',
  messageId: `m${turnIndex}`,
  turnIndex,
  page: null,
});

const queries = [
  query('best cast iron skillet 2026', 1),
  query('https://www.seriouseats.com/skillets', 1, 'open'),
  query('lodge 10.25 skillet', 3, 'product'),
  query('Skillet seasoning oil', 3),
];

describe('filterQueries', () => {
  it('keeps the queries holding every word of the filter, whatever the case', () => {
    expect(filterQueries(queries, 'SKILLET 2026').map((q) => q.text)).toEqual([
      'best cast iron skillet 2026',
    ]);
    expect(filterQueries(queries, 'skillet')).toHaveLength(4);
    expect(filterQueries(queries, '  ')).toEqual(queries);
    expect(filterQueries(queries, 'wok')).toEqual([]);
  });
});

describe('queryRows', () => {
  it('puts a heading before each turn that counts its queries', () => {
    expect(
      queryRows(queries).map((row) =>
        row.type === 'turn' ? `turn ${row.turnIndex}: ${row.count}` : row.query.text,
      ),
    ).toEqual([
      'turn 1: 2',
      'best cast iron skillet 2026',
      'https://www.seriouseats.com/skillets',
      'turn 3: 2',
      'lodge 10.25 skillet',
      'Skillet seasoning oil',
    ]);
  });

  it('lists every query once, under the heading of its turn', () => {
    const arbitraryQueries = fc
      .array(fc.record({ text: fc.string({ minLength: 1 }), turnIndex: fc.nat(30) }), { maxLength: 60 })
      .map((list) =>
        list.sort((a, b) => a.turnIndex - b.turnIndex).map(({ text, turnIndex }) => query(text, turnIndex)),
      );
    fc.assert(
      fc.property(arbitraryQueries, (list) => {
        const rows = queryRows(list);
        expect(rows.flatMap((row) => (row.type === 'query' ? [row.query] : []))).toEqual(list);
        let heading = -1;
        for (const row of rows) {
          if (row.type === 'turn') heading = row.turnIndex;
          else expect(row.turnIndex).toBe(heading);
        }
        const headings = rows.filter((row) => row.type === 'turn');
        expect(headings.reduce((sum, row) => sum + row.count, 0)).toBe(list.length);
        expect(new Set(headings.map((row) => row.turnIndex)).size).toBe(headings.length);
      }),
    );
  });
});

describe('queriesAsLines', () => {
  it('puts one query a line, for pasting into a search tool', () => {
    expect(queriesAsLines(queries.slice(0, 2))).toBe(
      'best cast iron skillet 2026\nhttps://www.seriouseats.com/skillets',
    );
  });
});
