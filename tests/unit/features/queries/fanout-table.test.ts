import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FANOUT_TABLE } from '@/features/queries/fanout-table';
import type { LibraryConversation, LibraryTurn } from '@/lens/library/library-record';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { comparedText } from '@/lib/library/answers';
import { type RowOfTable, tableRows } from '@/lib/library/library-table';
import { citedPage, libraryConversation, page, turn } from '@/tests/support/library-records';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 5, 10, 0);

/** A turn asking `prompt`, running search `queries`, citing `cited` (addresses). */
const asked = (
  index: number,
  prompt: string | null,
  queries: readonly string[],
  cited: readonly string[] = [],
  extra: Partial<LibraryTurn> = {},
): LibraryTurn =>
  turn(index, {
    prompt,
    queries: queries.map((text, order) => ({ text, kind: 'search' as const, order })),
    pages: cited.map((url) => citedPage(url)),
    ...extra,
  });

const rowsOf = (conversations: readonly LibraryConversation[]) =>
  [...tableRows(FANOUT_TABLE, conversations, null, { brands: null })] as RowOfTable<typeof FANOUT_TABLE>[];

describe('the fanout table', () => {
  it('is listed among the library tables, after the prompts table', () => {
    const names = LIBRARY_TABLES.map((table) => table.name);
    expect(names.indexOf('fanout')).toBeGreaterThan(names.indexOf('prompts'));
    expect(FANOUT_TABLE.sumsUp).toBe(true);
  });

  it('has no rows for an empty library, nor for answers that ran no search', () => {
    expect(rowsOf([])).toEqual([]);
    const opened = asked(1, 'Open it', []);
    opened.queries = [{ text: 'https://a.example/', kind: 'open', order: 0 }];
    expect(rowsOf([libraryConversation('c1', [opened, asked(2, 'No search', [])])])).toEqual([]);
  });

  it('counts one answer: each query once, the pages it cites most cited first', () => {
    const conversation = libraryConversation('c1', [
      asked(
        1,
        'Best boots?',
        ['best boots', 'boots review'],
        ['https://a.example/1', 'https://b.example/2'],
        { at: T0, model: 'gpt-5' },
      ),
    ]);
    expect(rowsOf([conversation])).toEqual([
      {
        query: 'best boots',
        searches: 1,
        prompts: 1,
        conversations: 1,
        models: 'gpt-5',
        first_searched: T0,
        last_searched: T0,
        pages_cited: 'https://a.example/1 | https://b.example/2',
      },
      {
        query: 'boots review',
        searches: 1,
        prompts: 1,
        conversations: 1,
        models: 'gpt-5',
        first_searched: T0,
        last_searched: T0,
        pages_cited: 'https://a.example/1 | https://b.example/2',
      },
    ]);
  });

  /*
   * Worked by hand. "best boots" is run by three answers of two prompts in two conversations:
   *   c1 t1 "Best boots?" (gpt-5, T0)        cites a, b
   *   c1 t2 "Boots for rain" (gpt-4o, T0+1d) cites a; it runs "Best  BOOTS" twice
   *   c2 t1 "best boots?" (gpt-5, undated)   cites nothing
   * searches 4 (the repeat counts), prompts 2, conversations 2, models gpt-4o | gpt-5; a cited by two answers,
   * b by one: a first. A page only retrieved is no citation.
   */
  it('sums up a query shared by several prompts and conversations', () => {
    const library = [
      libraryConversation('c1', [
        asked(1, 'Best boots?', ['best boots'], ['https://b.example/', 'https://a.example/'], { at: T0 }),
        asked(2, 'Boots for rain', ['Best  BOOTS', 'rain boots', 'best boots'], ['https://a.example/'], {
          at: T0 + DAY,
          model: 'gpt-4o',
        }),
      ]),
      libraryConversation('c2', [
        turn(1, {
          prompt: 'best boots?',
          queries: [{ text: 'best boots', kind: 'search', order: 0 }],
          pages: [page('https://c.example/')],
        }),
      ]),
    ];
    const [best, rain] = rowsOf(library);
    expect(best).toEqual({
      query: 'best boots',
      searches: 4,
      prompts: 2,
      conversations: 2,
      models: 'gpt-4o | gpt-5',
      first_searched: T0,
      last_searched: T0 + DAY,
      pages_cited: 'https://a.example/ | https://b.example/',
    });
    expect(rain).toMatchObject({ query: 'rain boots', searches: 1, prompts: 1 });
  });

  it("counts a branch's answers as versions of the prompt it answers again", () => {
    const conversation = libraryConversation(
      'c1',
      [asked(1, 'Best boots?', ['best boots'], [], { at: T0 })],
      {
        versions: [
          // An edited prompt answers the shown one; its branch's next turn is its own prompt.
          {
            ...asked(1, 'Best boots, edited', ['best boots', 'edited boots'], [], { at: T0 + DAY }),
            versionOf: 1,
          },
          { ...asked(2, 'And for rain?', ['best boots'], ['https://r.example/']), versionOf: null },
        ],
      },
    );
    const [best, edited] = rowsOf([conversation]);
    expect(best).toMatchObject({
      query: 'best boots',
      searches: 3,
      prompts: 2,
      conversations: 1,
      last_searched: T0 + DAY,
      pages_cited: 'https://r.example/',
    });
    expect(edited).toMatchObject({ query: 'edited boots', searches: 1, prompts: 1 });
  });

  it('agrees with its definition over any library', () => {
    const words = fc.constantFrom('oak', 'OAK', ' oak  table', 'lamp', 'desk lamp', '');
    const kind = fc.constantFrom('search', 'search', 'open', 'product') as fc.Arbitrary<
      'search' | 'open' | 'product'
    >;
    const answer = fc.record({
      prompt: fc.constantFrom('Best oak table?', 'best  OAK table?', 'A lamp?', null),
      queries: fc.array(fc.record({ text: words, kind }), { maxLength: 5 }),
      conversation: fc.integer({ min: 0, max: 3 }),
      branch: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 30 }), (answers) => {
        const library = [0, 1, 2, 3].map((id) => {
          const mine = answers.filter((one) => one.conversation === id);
          const turns = mine.map((one, index) =>
            turn(index, {
              prompt: one.prompt,
              queries: one.queries.map((query, order) => ({ ...query, order })),
            }),
          );
          return libraryConversation(
            `c${id}`,
            turns.filter((_, index) => !mine[index]?.branch),
            {
              versions: turns
                .filter((_, index) => mine[index]?.branch)
                .map((version) => ({ ...version, versionOf: null })),
            },
          );
        });
        const counted = answers
          .filter((one) => one.prompt !== null)
          .flatMap((one) => one.queries)
          .filter((query) => query.kind === 'search' && comparedText(query.text) !== '');
        const rows = rowsOf(library).map((row) => ({
          query: String(row.query),
          searches: Number(row.searches),
          prompts: Number(row.prompts),
          conversations: Number(row.conversations),
        }));
        expect(rows.reduce((sum, row) => sum + row.searches, 0)).toBe(counted.length);
        expect(rows.map((row) => comparedText(row.query)).sort()).toEqual(
          [...new Set(counted.map((query) => comparedText(query.text)))].sort(),
        );
        for (const row of rows) {
          expect(row.prompts).toBeGreaterThanOrEqual(1);
          expect(row.prompts).toBeLessThanOrEqual(row.searches);
          expect(row.conversations).toBeLessThanOrEqual(Math.min(row.searches, library.length));
        }
      }),
    );
  });
});
