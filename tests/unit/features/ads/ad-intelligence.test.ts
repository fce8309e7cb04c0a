import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AdAnswer,
  accountShownAds,
  adRates,
  answersOf,
  contestedPrompts,
  countsAsShown,
  creativesOf,
  rateOf,
  type ShownAd,
  shareOfVoice,
  shownAdsOf,
  weekOverWeek,
} from '@/features/ads/ad-intelligence';
import { CREATIVES_TABLE } from '@/features/ads/creatives-table';
import type { LibraryAccount } from '@/lens/library/library-record';
import { tableRows } from '@/lib/library/library-table';
import { wilsonInterval } from '@/lib/library/proportion-interval';
import { ad, afternoonOf, libraryConversation, turn } from '@/tests/support/library-records';

const ACME = { advertiser: 'Acme', title: 'Acme boots', link: 'https://acme.example/boots' };
const BIRCH = { advertiser: 'Birch', title: 'Birch tents', link: 'https://birch.example/tents' };
const CEDAR = { advertiser: 'Cedar', title: 'Cedar stove', link: 'https://cedar.example/stove' };

/**
 * "Best boots?" asked three times, in two weeks, by two models; Acme and Birch beside its first answer,
 * Acme again beside its second; Cedar beside "tents" and in a turn the ad names none of.
 */
const A = libraryConversation(
  'a',
  [
    turn(1, { prompt: 'Best boots?', at: afternoonOf(11, 2) }),
    turn(2, { prompt: 'Best  BOOTS? ', at: afternoonOf(11, 10), model: 'gpt-5-mini' }),
    turn(3, { prompt: null, at: afternoonOf(11, 10) }),
  ],
  {
    createdAt: Date.UTC(2026, 10, 2),
    ads: [
      ad({ turnIndex: 1, ...ACME }),
      ad({ turnIndex: 1, ...BIRCH }),
      ad({ turnIndex: 2, ...ACME }),
      ad({ turnIndex: null, ...CEDAR }),
    ],
  },
);
const B = libraryConversation(
  'b',
  [
    turn(1, { prompt: 'best boots?', at: afternoonOf(11, 10) }),
    turn(2, { prompt: 'tents', at: afternoonOf(11, 11) }),
  ],
  { ads: [ad({ turnIndex: 2, ...CEDAR })] },
);
/** The ad history: a dated Acme, and an undated ad that counts nowhere. */
const ACCOUNT: LibraryAccount = {
  interests: [],
  profileVersion: 1,
  ads: [
    ad({ turnIndex: null, ...ACME, shownAt: afternoonOf(11, 12) }),
    ad({ turnIndex: null, advertiser: 'Dune', title: 'Dune', link: null }),
  ],
  savedAt: 0,
};

const ANSWERS = [A, B].flatMap(answersOf);
const ADS = [...[A, B].flatMap(shownAdsOf), ...accountShownAds(ACCOUNT)];

describe('the ad rate', () => {
  it('counts the answers served an ad, of all answers, by week and by model', () => {
    const rates = adRates(ANSWERS, ADS);
    // a1, a2 and b2 of a1, a2, b1 and b2: a3 has no prompt; Cedar's ad of no turn and the history's are no answer's.
    expect(rates.all).toEqual(rateOf(3, 4));
    expect(rates.all.interval).toEqual(wilsonInterval(3, 4));
    expect(rates.byWeek).toEqual([
      { week: '2026-11-02', rate: rateOf(1, 1) },
      { week: '2026-11-09', rate: rateOf(2, 3) },
    ]);
    expect(rates.byModel).toEqual([
      { model: 'gpt-5', rate: rateOf(2, 3) },
      { model: 'gpt-5-mini', rate: rateOf(1, 1) },
    ]);
  });

  it('has nothing to count in an empty library', () => {
    expect(adRates([], [])).toEqual({
      all: { count: 0, of: 0, share: null, interval: null },
      byWeek: [],
      byModel: [],
    });
  });

  it('reads one answer without an ad as 0 of 1, its interval still wide', () => {
    const rates = adRates(answersOf(libraryConversation('c', [turn(1, { at: afternoonOf(11, 3) })])), []);
    expect(rates.all).toEqual({ count: 0, of: 1, share: 0, interval: wilsonInterval(0, 1) });
    expect(rates.all.interval?.high).toBeGreaterThan(0.7);
    expect(rates.byWeek).toEqual([{ week: '2026-11-02', rate: rateOf(0, 1) }]);
    expect(rates.byModel).toEqual([{ model: 'gpt-5', rate: rateOf(0, 1) }]);
  });

  it('lists the weeks between with nothing, and the answers of no model last', () => {
    const record = libraryConversation('c', [
      turn(1, { at: afternoonOf(11, 3), model: null }),
      turn(2, { at: afternoonOf(11, 17) }),
    ]);
    const rates = adRates(answersOf(record), []);
    expect(rates.byWeek.map(({ week, rate }) => [week, rate.of])).toEqual([
      ['2026-11-02', 1],
      ['2026-11-09', 0],
      ['2026-11-16', 1],
    ]);
    expect(rates.byModel.map(({ model }) => model)).toEqual(['gpt-5', null]);
  });
});

describe('the share of ad voice', () => {
  it("counts each advertiser's ads of all, the undated ad of the history left out", () => {
    expect(shareOfVoice(ADS)).toEqual([
      { advertiser: 'Acme', ads: 3, share: rateOf(3, 6) },
      { advertiser: 'Cedar', ads: 2, share: rateOf(2, 6) },
      { advertiser: 'Birch', ads: 1, share: rateOf(1, 6) },
    ]);
    expect(shareOfVoice([])).toEqual([]);
  });

  it('gives the ads that name no advertiser their own row, last', () => {
    const unnamed = shownAdsOf(
      libraryConversation('c', [turn(1)], { ads: [ad({ advertiser: null }), ad()] }),
    );
    expect(shareOfVoice(unnamed).map((voice) => voice.advertiser)).toEqual(['Acme', null]);
  });
});

describe('contested prompts', () => {
  it("groups a prompt's versions as the prompts table does, and keeps those two advertisers were shown beside", () => {
    expect(contestedPrompts(ANSWERS, ADS)).toEqual([
      {
        prompt: 'Best boots?',
        answers: 3,
        answersWithAds: 2,
        advertisers: [
          { advertiser: 'Acme', ads: 2 },
          { advertiser: 'Birch', ads: 1 },
        ],
      },
    ]);
  });

  it('finds none in an empty library, nor in a single answer', () => {
    expect(contestedPrompts([], [])).toEqual([]);
    const one = libraryConversation('c', [turn(1)], { ads: [ad(ACME), ad(BIRCH)] });
    expect(contestedPrompts(answersOf(one), shownAdsOf(one))).toHaveLength(1);
    expect(contestedPrompts(answersOf(one), shownAdsOf(one).slice(0, 1))).toEqual([]);
  });
});

describe('creatives', () => {
  it('counts each distinct ad, its models and when it was first and last shown', () => {
    expect(creativesOf(ADS)).toEqual([
      {
        ...ACME,
        models: ['gpt-5', 'gpt-5-mini'],
        timesShown: 3,
        firstSeen: afternoonOf(11, 2),
        lastSeen: afternoonOf(11, 12),
      },
      {
        ...CEDAR,
        models: ['gpt-5'],
        timesShown: 2,
        // The ad of no turn is dated by its conversation's start.
        firstSeen: Date.UTC(2026, 10, 2),
        lastSeen: afternoonOf(11, 11),
      },
      {
        ...BIRCH,
        models: ['gpt-5'],
        timesShown: 1,
        firstSeen: afternoonOf(11, 2),
        lastSeen: afternoonOf(11, 2),
      },
    ]);
  });

  it('makes the rows of the creatives table, with the account ad history', () => {
    const rows = [...tableRows(CREATIVES_TABLE, [A, B], ACCOUNT, { brands: null })];
    expect(rows.map((row) => [row.advertiser, row.models, row.times_shown])).toEqual([
      ['Acme', 'gpt-5 | gpt-5-mini', 3],
      ['Cedar', 'gpt-5', 2],
      ['Birch', 'gpt-5', 1],
    ]);
    expect([...tableRows(CREATIVES_TABLE, [], null, { brands: null })]).toEqual([]);
    const undated = [...tableRows(CREATIVES_TABLE, [], ACCOUNT, { brands: null })];
    expect(undated.map((row) => row.advertiser)).toEqual(['Acme']);
  });
});

describe('week over week', () => {
  it('names who left between the two weeks, and no one whose intervals overlap', () => {
    expect(weekOverWeek(ADS)).toEqual([
      {
        week: '2026-11-09',
        advertiser: 'Birch',
        movement: 'gone',
        before: rateOf(1, 3),
        after: rateOf(0, 3),
      },
    ]);
    expect(weekOverWeek([])).toEqual([]);
  });

  it('names who came, and who moved beyond both intervals', () => {
    const record = libraryConversation(
      'c',
      [turn(1, { at: afternoonOf(11, 3) }), turn(2, { at: afternoonOf(11, 10) })],
      {
        ads: [
          ad({ turnIndex: 1, ...ACME }),
          ...Array.from({ length: 19 }, () => ad({ turnIndex: 1, ...BIRCH })),
          ...Array.from({ length: 15 }, () => ad({ turnIndex: 2, ...ACME })),
          ...Array.from({ length: 5 }, () => ad({ turnIndex: 2, ...CEDAR })),
        ],
      },
    );
    expect(
      weekOverWeek(shownAdsOf(record)).map(({ advertiser, movement }) => [advertiser, movement]),
    ).toEqual([
      ['Cedar', 'new'],
      ['Birch', 'gone'],
      ['Acme', 'up'],
    ]);
  });

  it('compares no week with one that had no ad', () => {
    const record = libraryConversation(
      'c',
      [turn(1, { at: afternoonOf(11, 3) }), turn(2, { at: afternoonOf(11, 17) })],
      {
        ads: [ad({ turnIndex: 1, ...ACME }), ad({ turnIndex: 2, ...BIRCH })],
      },
    );
    expect(weekOverWeek(shownAdsOf(record))).toEqual([]);
  });
});

/** Answers and ads over a few conversations, turns, prompts, models, advertisers and weeks. */
const answerArb: fc.Arbitrary<AdAnswer> = fc.record({
  conversationId: fc.constantFrom('a', 'b', 'c'),
  turnIndex: fc.integer({ min: 0, max: 3 }),
  prompt: fc.constantFrom('Best boots?', ' best  BOOTS?', 'tents', ''),
  at: fc.option(fc.integer({ min: Date.UTC(2026, 9, 1), max: Date.UTC(2026, 11, 1) })),
  model: fc.option(fc.constantFrom('gpt-5', 'gpt-5-mini')),
});
const adArb: fc.Arbitrary<ShownAd> = fc.record({
  conversationId: fc.option(fc.constantFrom('a', 'b', 'c')),
  turnIndex: fc.option(fc.integer({ min: 0, max: 3 })),
  advertiser: fc.option(fc.constantFrom('Acme', 'Birch', 'Cedar')),
  title: fc.option(fc.constantFrom('One', 'Two')),
  link: fc.constantFrom('https://a.example/', null),
  model: fc.option(fc.constantFrom('gpt-5', 'gpt-5-mini')),
  at: fc.option(fc.integer({ min: Date.UTC(2026, 9, 1), max: Date.UTC(2026, 11, 1) })),
});
/** Answers are distinct turns, as a library's are. */
const answersArb = fc.uniqueArray(answerArb, {
  selector: (answer) => `${answer.conversationId}/${answer.turnIndex}`,
});

describe('the figures, by their definitions', () => {
  it('counts every answer once, and those with an ad among them', () => {
    fc.assert(
      fc.property(answersArb, fc.array(adArb), (answers, ads) => {
        const rates = adRates(answers, ads);
        const served = answers.filter((answer) =>
          ads.some((ad) => ad.conversationId === answer.conversationId && ad.turnIndex === answer.turnIndex),
        );
        expect([rates.all.count, rates.all.of]).toEqual([served.length, answers.length]);
        expect(rates.all.count).toBeLessThanOrEqual(rates.all.of);
        expect(rates.byModel.reduce((sum, { rate }) => sum + rate.of, 0)).toBe(answers.length);
        expect(rates.byWeek.reduce((sum, { rate }) => sum + rate.of, 0)).toBe(
          answers.filter((answer) => answer.at !== null).length,
        );
        for (const { rate } of [...rates.byWeek, ...rates.byModel])
          expect(rate.count).toBeLessThanOrEqual(rate.of);
      }),
    );
  });

  it('shares the voice among advertisers to a whole, and every showing among the creatives', () => {
    fc.assert(
      fc.property(fc.array(adArb), (ads) => {
        const shown = ads.filter(countsAsShown).length;
        const voices = shareOfVoice(ads);
        expect(voices.reduce((sum, voice) => sum + voice.ads, 0)).toBe(shown);
        if (shown > 0)
          expect(voices.reduce((sum, voice) => sum + (voice.share.share ?? 0), 0)).toBeCloseTo(1, 9);
        expect(creativesOf(ads).reduce((sum, creative) => sum + creative.timesShown, 0)).toBe(shown);
      }),
    );
  });

  it('keeps only prompts with two named advertisers, and moves only beyond both intervals', () => {
    fc.assert(
      fc.property(answersArb, fc.array(adArb), (answers, ads) => {
        for (const contested of contestedPrompts(answers, ads)) {
          expect(contested.advertisers.length).toBeGreaterThanOrEqual(2);
          expect(contested.answersWithAds).toBeLessThanOrEqual(contested.answers);
        }
        for (const { movement, before, after } of weekOverWeek(ads)) {
          if (movement === 'new') expect([before.count, after.count > 0]).toEqual([0, true]);
          if (movement === 'gone') expect([before.count > 0, after.count]).toEqual([true, 0]);
          if (movement === 'up') expect(after.interval?.low).toBeGreaterThan(before.interval?.high ?? 1);
          if (movement === 'down') expect(after.interval?.high).toBeLessThan(before.interval?.low ?? 0);
        }
      }),
    );
  });
});
