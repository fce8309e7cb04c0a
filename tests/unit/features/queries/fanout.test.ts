import { describe, expect, it } from 'vitest';
import { promptFanouts, wordsOf } from '@/features/queries/fanout';
import type { LibraryTurn } from '@/lens/library/library-record';
import { NO_BRANDS } from '@/lib/library/brand-settings';
import { LODGE_AND_ACME, libraryConversation, turn } from '@/tests/support/library-records';

/** A turn asking `prompt` and running search `queries`. */
const asked = (index: number, prompt: string, queries: readonly string[], extra: Partial<LibraryTurn> = {}) =>
  turn(index, {
    prompt,
    queries: queries.map((text, order) => ({ text, kind: 'search' as const, order })),
    ...extra,
  });

describe('wordsOf', () => {
  it('gives the distinct words, lower-cased, letters of any script, in their order', () => {
    expect(wordsOf('Best boots? best BOOTS for Ödland-2026')).toEqual([
      'best',
      'boots',
      'for',
      'ödland',
      '2026',
    ]);
    expect(wordsOf(' ?! ')).toEqual([]);
  });
});

describe('promptFanouts', () => {
  it('has nothing for an empty library', () => {
    expect(promptFanouts([], LODGE_AND_ACME)).toEqual([]);
  });

  it('reads a single version: its fan-out, and the words its queries add and drop', () => {
    const [fanout] = promptFanouts(
      [
        libraryConversation('c1', [
          asked(1, 'Best hiking boots for rain?', ['waterproof hiking boots', 'Acme boots review']),
        ]),
      ],
      LODGE_AND_ACME,
    );
    expect(fanout).toEqual({
      prompt: 'Best hiking boots for rain?',
      answers: 1,
      searchedAnswers: 1,
      searches: 2,
      meanSize: 2,
      minSize: 2,
      maxSize: 2,
      brandedSearches: 1,
      // "boots" is in both queries, so it is no word added; "waterproof", "acme", "review" once each.
      addedWords: ['acme', 'review', 'waterproof'],
      droppedWords: ['best', 'for', 'rain'],
    });
  });

  /*
   * Worked by hand. "Best boots?" has four versions: two shown turns (one in another case), a regenerated
   * answer and one that did not search.
   *   v1 [best boots 2026, boots lodge]   v2 [best boots]   v3 (branch) [boots, top boots, cheap boots]   v4 []
   * sizes 2, 1, 3: mean 2, range 1–3; one query of six names a brand (Lodge); added: 2026, lodge, top,
   * cheap (once each, by text); dropped: none ("best" and "boots" are used).
   */
  it('reads every version of a prompt, those that did not search counted apart', () => {
    const library = [
      libraryConversation('c1', [asked(1, 'Best boots?', ['best boots 2026', 'boots lodge'])], {
        versions: [{ ...asked(1, 'Best boots?', ['boots', 'top boots', 'cheap boots']), versionOf: 1 }],
      }),
      libraryConversation('c2', [asked(1, 'best  BOOTS?', ['best boots']), asked(2, 'Best boots?', [])]),
    ];
    const [fanout] = promptFanouts(library, LODGE_AND_ACME);
    expect(fanout).toEqual({
      prompt: 'Best boots?',
      answers: 4,
      searchedAnswers: 3,
      searches: 6,
      meanSize: 2,
      minSize: 1,
      maxSize: 3,
      brandedSearches: 1,
      addedWords: ['2026', 'cheap', 'lodge', 'top'],
      droppedWords: [],
    });
  });

  it('gives no size and no words for a prompt that never searched, and no brand share without brands', () => {
    const library = [
      libraryConversation('c1', [asked(1, 'Hello there', []), asked(2, 'Best boots?', ['boots'])]),
    ];
    const [searched, never] = promptFanouts(library, NO_BRANDS);
    expect(searched).toMatchObject({ prompt: 'Best boots?', brandedSearches: null, droppedWords: ['best'] });
    expect(never).toEqual({
      prompt: 'Hello there',
      answers: 1,
      searchedAnswers: 0,
      searches: 0,
      meanSize: null,
      minSize: null,
      maxSize: null,
      brandedSearches: null,
      addedWords: [],
      droppedWords: [],
    });
  });

  it('counts only the answers a filter keeps, as the model filter does', () => {
    const library = [
      libraryConversation('c1', [
        asked(1, 'Best boots?', ['boots one', 'boots two'], { model: 'gpt-5' }),
        asked(2, 'Best boots?', ['boots'], { model: 'gpt-4o' }),
      ]),
    ];
    const [fanout] = promptFanouts(library, null, (_conversation, answer) => answer.model === 'gpt-4o');
    expect(fanout).toMatchObject({ answers: 1, searches: 1, meanSize: 1, addedWords: [] });
  });
});
