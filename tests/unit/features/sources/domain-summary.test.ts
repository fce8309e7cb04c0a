import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarizeDomains } from '@/features/sources/domain-summary';
import { extractSources, type WebSource } from '@/features/sources/sources';
import { citationsConversation } from '@/tests/unit/fixtures/citations';

const source = (
  domain: string | null,
  marks: { cited?: boolean; retrieved?: boolean },
  turnIndex = 0,
): WebSource => ({
  url: `https://${domain ?? 'unknown'}/${turnIndex}`,
  title: null,
  domain,
  attribution: null,
  turnIndex,
  messageId: `m${turnIndex}`,
  cited: marks.cited ?? false,
  retrieved: marks.retrieved ?? false,
  rank: null,
});

describe('summarizeDomains', () => {
  it('counts each site retrieved and cited, most cited first, then most retrieved, then by name', () => {
    const tallies = summarizeDomains([
      source('b.example', { retrieved: true }),
      source('a.example', { retrieved: true }),
      source('c.example', { retrieved: true, cited: true }),
      source('a.example', { retrieved: true }, 1),
      source('b.example', { cited: true }, 1),
      source(null, { cited: true }),
    ]);
    expect(tallies).toEqual([
      { domain: 'b.example', retrieved: 1, cited: 1 },
      { domain: 'c.example', retrieved: 1, cited: 1 },
      { domain: null, retrieved: 0, cited: 1 },
      { domain: 'a.example', retrieved: 2, cited: 0 },
    ]);
  });

  it('sums the citations conversation to its own rows', () => {
    const { sources } = extractSources(citationsConversation());
    const tallies = summarizeDomains(sources);
    expect(tallies.reduce((sum, tally) => sum + tally.cited, 0)).toBe(
      sources.filter((row) => row.cited).length,
    );
    expect(tallies.find((tally) => tally.domain === 'timeout.com')).toMatchObject({ cited: 1, retrieved: 1 });
  });

  it('keeps every row in exactly one tally, whatever the order of the rows', () => {
    const row = fc
      .record({
        domain: fc.option(fc.constantFrom('a.example', 'b.example', 'c.example'), { nil: null }),
        cited: fc.boolean(),
        retrieved: fc.boolean(),
        turnIndex: fc.nat(5),
      })
      .map(({ domain, cited, retrieved, turnIndex }) => source(domain, { cited, retrieved }, turnIndex));
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const tallies = summarizeDomains(rows);
        expect(new Set(tallies.map((tally) => tally.domain)).size).toBe(tallies.length);
        expect(tallies.reduce((sum, tally) => sum + tally.retrieved, 0)).toBe(
          rows.filter((r) => r.retrieved).length,
        );
        expect(tallies.reduce((sum, tally) => sum + tally.cited, 0)).toBe(rows.filter((r) => r.cited).length);
        expect(summarizeDomains([...rows].reverse())).toEqual(tallies);
        for (let index = 1; index < tallies.length; index += 1) {
          const [before, after] = [tallies[index - 1], tallies[index]] as [
            (typeof tallies)[0],
            (typeof tallies)[0],
          ];
          expect(
            before.cited > after.cited ||
              (before.cited === after.cited && before.retrieved >= after.retrieved),
          ).toBe(true);
        }
      }),
    );
  });
});
