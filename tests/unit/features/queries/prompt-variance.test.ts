import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promptVariances } from '@/features/queries/prompt-variance';
import type { LibraryConversation } from '@/lens/library/library-record';
import { comparedText } from '@/lib/library/answers';
import { NO_BRANDS } from '@/lib/library/brand-settings';
import { libraryConversation, page, turn } from '@/tests/support/library-records';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 5, 10, 0);

/** A turn asking `prompt`, running `queries`, citing pages on `domains`. */
const asked = (
  index: number,
  prompt: string,
  queries: readonly string[],
  domains: readonly string[],
  extra: Partial<Parameters<typeof turn>[1]> = {},
) =>
  turn(index, {
    prompt,
    searched: queries.length > 0,
    queries: queries.map((text, order) => ({ text, kind: 'search' as const, order })),
    pages: domains.map((domain) => page(`https://${domain}/p`, { domain, cited: true })),
    ...extra,
  });

const SHOES = 'Best trail shoes for wide feet?';

/**
 * Worked by hand. "best trail shoes for wide feet?" is asked three times:
 *   v1 queries {wide trail shoes, trail shoes 2026}   domains {a.example, b.example}
 *   v2 queries {wide trail shoes}                     domains {a.example}
 *   v3 queries {wide trail shoes, wide feet shoes}    domains {c.example}
 * query Jaccard: v1v2 1/2, v1v3 1/3, v2v3 1/2 → mean 4/9; domains: 1/2, 0, 0 → 1/6.
 * Stable (in at least 2 of 3): queries {wide trail shoes}; domains {a.example}.
 * "Plain question" is asked twice and never searched: no pair says anything of overlap.
 */
const LIBRARY: LibraryConversation[] = [
  libraryConversation('c1', [
    asked(1, SHOES, ['Wide trail shoes', 'trail shoes 2026'], ['a.example', 'b.example'], { at: T0 }),
    asked(2, 'Plain question', [], [], { at: T0 + DAY, searched: false }),
  ]),
  libraryConversation('c2', [
    asked(1, '  best TRAIL shoes   for wide feet? ', ['wide  trail shoes'], ['a.example'], {
      at: T0 + 3 * DAY,
    }),
  ]),
  libraryConversation('c3', [
    asked(1, SHOES, ['wide trail shoes', 'wide feet shoes'], ['c.example'], { at: T0 + 2 * DAY }),
    asked(2, 'plain question', [], [], { at: T0 + 4 * DAY, searched: false }),
    asked(3, 'Asked once', ['once'], ['a.example']),
  ]),
];

describe('the versions of a prompt', () => {
  it('compare prompts and queries trimmed, spaces collapsed, case ignored', () => {
    expect(comparedText('  Best TRAIL\tshoes  ')).toBe('best trail shoes');
  });

  it('give each prompt asked twice or more its overlaps, worked out by hand', () => {
    const [shoes, plain, ...rest] = promptVariances(LIBRARY, null);
    expect(rest).toEqual([]);
    expect(shoes).toMatchObject({
      prompt: SHOES,
      versions: 3,
      conversations: 3,
      branchVersions: 0,
      searchedShare: 1,
      brandOverlap: null,
      stableQueries: ['wide trail shoes'],
      stableDomains: ['a.example'],
      firstAsked: T0,
      lastAsked: T0 + 3 * DAY,
    });
    expect(shoes?.queryOverlap).toBeCloseTo(4 / 9, 12);
    expect(shoes?.domainOverlap).toBeCloseTo(1 / 6, 12);
    // Never searched: a pair of empty sets is left out, so there is no overlap to give.
    expect(plain).toMatchObject({
      prompt: 'Plain question',
      versions: 2,
      conversations: 2,
      searchedShare: 0,
      queryOverlap: null,
      domainOverlap: null,
      stableQueries: [],
      stableDomains: [],
    });
  });

  it('count the brands cited or named once brands are set', () => {
    const brands = {
      ...NO_BRANDS,
      own: { name: 'Ours', domains: ['a.example'], mentions: [] },
      competitors: [{ name: 'Theirs', domains: ['c.example'], mentions: ['Theirs'] }],
    };
    const named = libraryConversation('c4', [
      asked(1, SHOES, ['wide trail shoes'], [], { answer: 'Theirs makes a wide last.' }),
    ]);
    // Brands per version: {Ours}, {Ours}, {Theirs}, {Theirs} → pairs 1, 0, 0, 0, 0, 1 → 2/6.
    const [shoes] = promptVariances([...LIBRARY, named], brands);
    expect(shoes?.versions).toBe(4);
    expect(shoes?.brandOverlap).toBeCloseTo(1 / 3, 12);
    expect(promptVariances(LIBRARY, NO_BRANDS)[0]?.brandOverlap).toBeNull();
  });

  it('count the branches the site no longer shows as versions of the prompt they answer again', () => {
    const record = libraryConversation('c5', [asked(1, 'Which boot is lightest?', ['lightest boot'], [])], {
      versions: [
        // An edited prompt answers the shown one again; what followed it in that branch is its own prompt.
        { ...asked(0, 'Which boot is the lightest one?', ['lightest hiking boot'], []), versionOf: 1 },
        { ...asked(1, 'And the cheapest?', [], []), versionOf: null },
      ],
    });
    const [lightest] = promptVariances([record], null);
    expect(lightest).toMatchObject({ prompt: 'Which boot is lightest?', versions: 2, branchVersions: 1 });
    // {lightest boot} against {lightest hiking boot}: nothing shared of two.
    expect(lightest?.queryOverlap).toBe(0);
  });

  it('list the prompts whose answers move most first', () => {
    const steady = libraryConversation('c6', [
      asked(1, 'Steady', ['same'], ['a.example']),
      asked(2, 'Steady', ['same'], ['a.example']),
    ]);
    expect(promptVariances([steady, ...LIBRARY], null).map((variance) => variance.prompt)).toEqual([
      SHOES,
      'Steady',
      'Plain question',
    ]);
  });
});

/** The mean Jaccard index over pairs as its definition says it, one pair at a time. */
function naiveOverlap(sets: readonly Set<string>[]): number | null {
  const overlaps: number[] = [];
  sets.forEach((a, first) => {
    for (const b of sets.slice(first + 1)) {
      const union = new Set([...a, ...b]);
      if (union.size === 0) continue;
      overlaps.push([...a].filter((item) => b.has(item)).length / union.size);
    }
  });
  return overlaps.length === 0 ? null : overlaps.reduce((sum, value) => sum + value, 0) / overlaps.length;
}

describe('the overlaps of random versions', () => {
  const words = fc.constantFrom('oak', 'desk', 'table', 'lamp', 'chair', 'rug');
  const version = fc.record({
    prompt: fc.constantFrom('Best oak table?', 'best  OAK table?', 'A lamp?'),
    queries: fc.uniqueArray(words, { maxLength: 4 }),
    // Enough domains for a prompt's items to take more than one 32-bit word.
    domains: fc.uniqueArray(
      fc.integer({ min: 0, max: 69 }).map((site) => `site${site}.example`),
      { maxLength: 6 },
    ),
  });

  it('equal the mean over every pair worked out one pair at a time', () => {
    fc.assert(
      fc.property(fc.array(version, { maxLength: 40 }), (versions) => {
        const records = versions.map(({ prompt, queries, domains }, place) =>
          libraryConversation(`c${place}`, [asked(1, prompt, queries, domains)]),
        );
        for (const variance of promptVariances(records, null)) {
          const mine = versions.filter(
            ({ prompt }) => comparedText(prompt) === comparedText(variance.prompt),
          );
          expect(variance.versions).toBe(mine.length);
          const queryOverlap = naiveOverlap(mine.map(({ queries }) => new Set(queries)));
          const domainOverlap = naiveOverlap(mine.map(({ domains }) => new Set(domains)));
          if (queryOverlap === null) expect(variance.queryOverlap).toBeNull();
          else expect(variance.queryOverlap).toBeCloseTo(queryOverlap, 12);
          if (domainOverlap === null) expect(variance.domainOverlap).toBeNull();
          else expect(variance.domainOverlap).toBeCloseTo(domainOverlap, 12);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
  });
});
