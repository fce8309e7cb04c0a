import { describe, expect, it } from 'vitest';
import { sourceRows } from '@/features/sources/source-rows';
import { extractSources } from '@/features/sources/sources';
import { citationsConversation } from '@/tests/unit/fixtures/citations';

describe('sourceRows', () => {
  const { sources } = extractSources(citationsConversation());
  const rows = sourceRows(sources);

  it('lists every page once, under its turn and its site', () => {
    const pages = rows.flatMap((row) => (row.type === 'page' ? [row.source] : []));
    expect(new Set(pages)).toEqual(new Set(sources));
    expect(pages).toHaveLength(sources.length);
    let turn = -1;
    let domain: string | null | undefined;
    for (const row of rows) {
      if (row.type === 'turn') turn = row.turnIndex;
      else if (row.type === 'domain') {
        expect(row.turnIndex).toBe(turn);
        domain = row.domain;
      } else {
        expect(row.source.turnIndex).toBe(turn);
        expect(row.source.domain).toBe(domain);
      }
    }
  });

  it('counts the pages and the cited pages of each turn and site, the most cited site first', () => {
    for (const [index, row] of rows.entries()) {
      if (row.type === 'page') continue;
      const under = [];
      for (const next of rows.slice(index + 1)) {
        if (next.type === 'turn' || (row.type === 'domain' && next.type === 'domain')) break;
        if (next.type === 'page') under.push(next.source);
      }
      expect(row.pages).toBe(under.length);
      expect(row.cited).toBe(under.filter((source) => source.cited).length);
    }
    const nextTurn = rows.findIndex((row, index) => index > 0 && row.type === 'turn');
    const firstTurnSites = rows.slice(1, nextTurn === -1 ? rows.length : nextTurn);
    const cited = firstTurnSites.flatMap((row) => (row.type === 'domain' ? [row.cited] : []));
    expect(cited).toEqual([...cited].sort((a, b) => b - a));
  });

  it('is empty for no sources', () => {
    expect(sourceRows([])).toEqual([]);
  });
});
