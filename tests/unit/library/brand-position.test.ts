import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandReport } from '@/lens/library/brands';
import { answeredBy } from '@/lens/library/model-scope';
import { BrandMatcher } from '@/lib/library/brand-matcher';
import { positionsIn } from '@/lib/library/brand-position';
import type { Brand, BrandSettings } from '@/lib/library/brand-settings';
import { meanInterval } from '@/lib/library/mean-interval';
import { ad, libraryConversation, turn } from '@/tests/support/library-records';

const brand = (name: string, mentions: string[] = []): Brand => ({ name, domains: [], mentions });

const BRANDS: BrandSettings = {
  own: brand('Acme', ['Acme', 'ACME Corp']),
  competitors: [brand('Globex'), brand('Acme Corp Labs'), brand('Umbrella')],
};
const matcher = new BrandMatcher(BRANDS);
const positions = (text: string) => positionsIn(matcher.firstMentionsIn(text));

/** Answers to prompts naming no brand, each kept with its text (null: not kept). */
const library = (answers: (string | null)[]) => [
  libraryConversation(
    'c1',
    answers.map((answer, index) => turn(index + 1, { prompt: `question ${index}`, answer })),
  ),
];

describe('positionsIn', () => {
  it('gives no position in an empty answer', () => {
    expect(positions('')).toEqual([null, null, null, null]);
  });

  it('ranks the brands by their first mention, a later mention changing nothing', () => {
    // Globex first; Umbrella second; Acme third though also named last.
    expect(positions('Globex, then Umbrella. Acme is third, Globex again.')).toEqual([3, 1, null, 2]);
  });

  it('reads a brand named by any of its words, in any case', () => {
    expect(positions('Try acme corp or Umbrella.')).toEqual([1, null, null, 2]);
  });

  it('ranks two brands first named at one place by the longer mention, then by the settings', () => {
    // "Acme Corp Labs" is Acme Corp Labs' word and holds Acme's "ACME Corp": both start at 0.
    expect(positions('Acme Corp Labs leads.')).toEqual([2, null, 1, null]);
    expect(positionsIn([{ at: 4, length: 3 }, { at: 4, length: 3 }, null])).toEqual([1, 2, null]);
  });
});

describe('meanInterval', () => {
  it('is unknown under two values, and the mean itself when they do not spread', () => {
    expect(meanInterval(0, 0, 0)).toBeNull();
    expect(meanInterval(1, 2, 4)).toBeNull();
    expect(meanInterval(3, 6, 12)).toEqual({ low: 2, high: 2 });
  });

  it('is mean ± 1.96 s / √n', () => {
    // 1, 2, 3: mean 2, s 1.
    const interval = meanInterval(3, 6, 14);
    expect(interval?.low).toBeCloseTo(2 - 1.96 / Math.sqrt(3), 12);
    expect(interval?.high).toBeCloseTo(2 + 1.96 / Math.sqrt(3), 12);
  });
});

describe('brand position in the report', () => {
  it('counts nothing when no answer text is kept', () => {
    const { all } = brandReport(library([null, null]), BRANDS).shares;
    expect(all.namedFirst.total).toBe(0);
    expect(all.meanPosition.own).toEqual({ answers: 0, mean: null, interval: null });
  });

  it('over a single answer, gives each brand named its position and no interval', () => {
    const { all } = brandReport(library(['Umbrella beats Acme.']), BRANDS).shares;
    expect(all.namedFirst).toMatchObject({ own: 0, total: 1 });
    expect(all.namedFirst.competitors.map((competitor) => competitor.count)).toEqual([0, 0, 1]);
    expect(all.meanPosition.own).toEqual({ answers: 1, mean: 2, interval: null });
    expect(all.meanPosition.competitors[2]).toEqual({
      name: 'Umbrella',
      answers: 1,
      mean: 1,
      interval: null,
    });
  });

  it('leaves a brand never named without a mean, and answers naming no brand out of named first', () => {
    const { all } = brandReport(library(['Acme.', 'Nothing here.', 'Globex and Acme.']), BRANDS).shares;
    expect(all.namedFirst.total).toBe(2);
    expect(all.meanPosition.own).toMatchObject({ answers: 2, mean: 1.5 });
    expect(all.meanPosition.competitors[1]).toEqual({
      name: 'Acme Corp Labs',
      answers: 0,
      mean: null,
      interval: null,
    });
  });

  it('follows the model filter', () => {
    const records = [
      libraryConversation('c1', [
        turn(1, { prompt: 'a', answer: 'Acme, Globex.', model: 'gpt-5' }),
        turn(2, { prompt: 'b', answer: 'Globex, Acme.', model: 'gpt-4o' }),
      ]),
    ];
    const mean = (model: string | null) =>
      brandReport(answeredBy(records, model), BRANDS).shares.all.meanPosition.own.mean;
    expect([mean('gpt-5'), mean('gpt-4o'), mean(null), mean('o3')]).toEqual([1, 2, 1.5, null]);
  });

  it("keeps a model's ads with its turns, and an ad of no turn where the model answered", () => {
    const record = libraryConversation('c1', [turn(1, { model: 'gpt-5' }), turn(2, { model: 'gpt-4o' })], {
      models: ['gpt-5', 'gpt-4o'],
      ads: [ad({ turnIndex: 1 }), ad({ turnIndex: 2 }), ad({ turnIndex: null })],
    });
    const [kept] = answeredBy([record], 'gpt-4o');
    expect(kept?.turns.map((shown) => shown.index)).toEqual([2]);
    expect(kept?.ads.map((shown) => shown.turnIndex)).toEqual([2, null]);
    expect(answeredBy([record], 'o3')).toEqual([]);
    expect(answeredBy([record], null)).toEqual([record]);
  });
});

describe('positions, by their definition', () => {
  const words = ['Acme', 'Globex', 'Umbrella', 'ACME Corp', 'Acme Corp Labs', 'the', 'and', ','];
  const answers = fc.array(
    fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((w) => w.join(' ')),
    {
      minLength: 1,
      maxLength: 8,
    },
  );

  it('are 1 to the number of brands named, each once, ordered as the first mentions', () => {
    fc.assert(
      fc.property(answers, (texts) => {
        for (const text of texts) {
          const firsts = matcher.firstMentionsIn(text);
          const given = positionsIn(firsts);
          const named = given.filter((position) => position !== null);
          expect([...named].sort((a, b) => a - b)).toEqual(named.map((_, rank) => rank + 1));
          given.forEach((position, place) => {
            expect(position === null).toBe(firsts[place] === null);
            given.forEach((other, otherPlace) => {
              const [a, b] = [firsts[place], firsts[otherPlace]];
              if (position !== null && other !== null && a && b && a.at < b.at)
                expect(position).toBeLessThan(other);
            });
          });
        }
      }),
    );
  });

  it('give shares named first that sum to 1 over the brands, for answers naming any brand', () => {
    fc.assert(
      fc.property(answers, (texts) => {
        const { namedFirst } = brandReport(library(texts), BRANDS).shares.all;
        const firsts = namedFirst.own + namedFirst.competitors.reduce((sum, { count }) => sum + count, 0);
        const naming = texts.filter((text) => matcher.mentionsIn(text).some((count) => count > 0));
        expect(namedFirst.total).toBe(naming.length);
        if (naming.length > 0) expect(firsts / namedFirst.total).toBeCloseTo(1, 12);
      }),
    );
  });
});
