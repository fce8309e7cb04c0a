import { comparedText, isPrompted } from '@/lib/library/answers';
import { type ProportionInterval, wilsonInterval } from '@/lib/library/proportion-interval';
import { compareNames } from '@/lib/library/ranking';
import { compareText } from '@/lib/library/sort-rows';
import { weekOf, weekRange } from '@/lib/library/week';
import type { AdsAccount, AdsConversation } from './ad-record';
import { adTurns } from './ads-table';

/**
 * What the library's ads add up to (export-format "The creatives table", analysis "Ad intelligence"): how
 * often an answer carries an ad, whose ads they are, which prompts several advertisers were shown beside,
 * each distinct creative, and who came, left or moved week to week.
 */

/** An answer, as the ad rate counts it: a kept turn with a prompt, as the Brands tab counts answers. */
export interface AdAnswer {
  conversationId: string;
  turnIndex: number;
  /** The prompt as asked. */
  prompt: string;
  /** The turn's time, else the conversation's creation. */
  at: number | null;
  /** The turn's model. */
  model: string | null;
}

/** An ad, as the figures read it. */
export interface ShownAd {
  /** null for an ad of the account's ad history that names no conversation. */
  conversationId: string | null;
  /** The turn it was served with; null when it names none. */
  turnIndex: number | null;
  advertiser: string | null;
  title: string | null;
  /** Where it leads, without tracking parameters (the kept record holds no other). */
  link: string | null;
  /** Its turn's model; null when its turn is unknown. */
  model: string | null;
  /** When it was shown: as the ad history dates it, else its turn's time, else its conversation's creation. */
  at: number | null;
}

/** The record's answers. */
export const answersOf = (record: AdsConversation): AdAnswer[] =>
  record.turns.filter(isPrompted).map((turn) => ({
    conversationId: record.id,
    turnIndex: turn.index,
    prompt: turn.prompt,
    at: turn.at ?? record.createdAt,
    model: turn.model,
  }));

/** The record's ads, each with its turn's model and time. */
export function shownAdsOf(record: AdsConversation): ShownAd[] {
  const turnOf = adTurns(record);
  return record.ads.map((ad) => {
    const turn = turnOf(ad.turnIndex);
    return {
      conversationId: record.id,
      turnIndex: ad.turnIndex,
      advertiser: ad.advertiser,
      title: ad.title,
      link: ad.link,
      model: turn?.model ?? null,
      at: ad.shownAt ?? turn?.at ?? record.createdAt,
    };
  });
}

/** The ads of the account's ad history that name no conversation: of no answer, and of no model. */
export const accountShownAds = (account: AdsAccount | null): ShownAd[] =>
  (account?.ads ?? []).map((ad) => ({
    conversationId: null,
    turnIndex: null,
    advertiser: ad.advertiser,
    title: ad.title,
    link: ad.link,
    model: null,
    at: ad.shownAt,
  }));

/**
 * Whether an ad counts in the share of voice, the creatives and the weeks: an ad of a conversation always;
 * one of the account's ad history only when dated, for an undated one may repeat an ad a conversation holds
 * and says nothing of when it ran (export-format "The creatives table"). Neither is ever an answer's.
 */
export const countsAsShown = (ad: ShownAd): boolean => ad.conversationId !== null || ad.at !== null;

/** A part of a whole with its 95% Wilson interval; share and interval null when the whole is 0. */
export interface Rate {
  count: number;
  of: number;
  share: number | null;
  interval: ProportionInterval | null;
}

export const rateOf = (count: number, of: number): Rate => ({
  count,
  of,
  share: of === 0 ? null : count / of,
  interval: wilsonInterval(count, of),
});

const answerKey = (conversationId: string, turnIndex: number): string =>
  JSON.stringify([conversationId, turnIndex]);

/** The answers served at least one of the ads, by key. */
function answersWithAds(ads: readonly ShownAd[]): Set<string> {
  const keys = new Set<string>();
  for (const ad of ads)
    if (ad.conversationId !== null && ad.turnIndex !== null)
      keys.add(answerKey(ad.conversationId, ad.turnIndex));
  return keys;
}

/** The ad rate of all the answers, of each week's and of each model's. */
export interface AdRates {
  all: Rate;
  /** Every week from the first dated answer's to the last's, oldest first; undated answers are in none. */
  byWeek: Array<{ week: string; rate: Rate }>;
  /** Each model's answers, the most first; null for the answers that name no model, last. */
  byModel: Array<{ model: string | null; rate: Rate }>;
}

/** Counts of answers, and of those with an ad, under a key. */
class RateCounts<Key> {
  readonly counts = new Map<Key, { count: number; of: number }>();

  add(key: Key, withAd: boolean): void {
    const counts = this.counts.get(key) ?? { count: 0, of: 0 };
    counts.of += 1;
    if (withAd) counts.count += 1;
    this.counts.set(key, counts);
  }

  rate(key: Key): Rate {
    const counts = this.counts.get(key);
    return rateOf(counts?.count ?? 0, counts?.of ?? 0);
  }
}

/**
 * The ad rate: the answers served at least one ad, of all the answers. An ad belongs to the answer of its
 * conversation and `turnIndex`; an ad of no known turn, or of the account's ad history, is no answer's.
 */
export function adRates(answers: readonly AdAnswer[], ads: readonly ShownAd[]): AdRates {
  const withAds = answersWithAds(ads);
  const all = new RateCounts<'all'>();
  const weeks = new RateCounts<string>();
  const models = new RateCounts<string | null>();
  for (const answer of answers) {
    const withAd = withAds.has(answerKey(answer.conversationId, answer.turnIndex));
    all.add('all', withAd);
    models.add(answer.model, withAd);
    const week = weekOf(answer.at);
    if (week !== null) weeks.add(week, withAd);
  }
  return {
    all: all.rate('all'),
    byWeek: weekRange(weeks.counts.keys()).map((week) => ({ week, rate: weeks.rate(week) })),
    byModel: [...models.counts.keys()]
      .map((model) => ({ model, rate: models.rate(model) }))
      .sort(
        (a, b) =>
          Number(a.model === null) - Number(b.model === null) ||
          b.rate.of - a.rate.of ||
          compareText(a.model ?? '', b.model ?? ''),
      ),
  };
}

/** Most first, then by name; the ads that name no advertiser last. */
const byAdsThenAdvertiser = (
  a: { advertiser: string | null; ads: number },
  b: { advertiser: string | null; ads: number },
): number =>
  Number(a.advertiser === null) - Number(b.advertiser === null) ||
  b.ads - a.ads ||
  compareText(a.advertiser ?? '', b.advertiser ?? '');

/** Each advertiser's ads among `ads`, by name as written; null for the ads that name none. */
function adsByAdvertiser(ads: readonly ShownAd[]): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const ad of ads) counts.set(ad.advertiser, (counts.get(ad.advertiser) ?? 0) + 1);
  return counts;
}

/** An advertiser's share of ad voice: its ads of all the ads. */
export interface AdvertiserVoice {
  /** null for the ads that name no advertiser. */
  advertiser: string | null;
  ads: number;
  share: Rate;
}

/** Each advertiser's ads over all the ads that count as shown, the most first. */
export function shareOfVoice(ads: readonly ShownAd[]): AdvertiserVoice[] {
  const shown = ads.filter(countsAsShown);
  return [...adsByAdvertiser(shown)]
    .map(([advertiser, count]) => ({ advertiser, ads: count, share: rateOf(count, shown.length) }))
    .sort(byAdsThenAdvertiser);
}

/** A prompt whose versions were shown ads of two or more distinct advertisers. */
export interface ContestedPrompt {
  /** The prompt as first met. */
  prompt: string;
  /** Its versions among the answers: the same prompt, compared as the prompts table compares it. */
  answers: number;
  /** Those served at least one ad. */
  answersWithAds: number;
  /** Each advertiser named by its ads beside them, and how many, the most first. */
  advertisers: Array<{ advertiser: string; ads: number }>;
}

/**
 * The prompts contested by advertisers: those whose versions (architecture "Versions of a prompt") were
 * served ads of two or more distinct named advertisers, the most contested first. An ad names a turn of
 * the conversation as the site shows it, so a branch the site no longer shows holds none.
 */
export function contestedPrompts(answers: readonly AdAnswer[], ads: readonly ShownAd[]): ContestedPrompt[] {
  const adsOf = new Map<string, ShownAd[]>();
  for (const ad of ads) {
    if (ad.conversationId === null || ad.turnIndex === null) continue;
    const key = answerKey(ad.conversationId, ad.turnIndex);
    const served = adsOf.get(key);
    if (served === undefined) adsOf.set(key, [ad]);
    else served.push(ad);
  }
  const prompts = new Map<string, { prompt: string; answers: number; withAds: number; ads: ShownAd[] }>();
  for (const answer of answers) {
    const key = comparedText(answer.prompt);
    if (key === '') continue;
    const entry = prompts.get(key) ?? { prompt: answer.prompt, answers: 0, withAds: 0, ads: [] };
    const served = adsOf.get(answerKey(answer.conversationId, answer.turnIndex)) ?? [];
    entry.answers += 1;
    if (served.length > 0) entry.withAds += 1;
    entry.ads.push(...served);
    prompts.set(key, entry);
  }
  return [...prompts.values()]
    .map(({ prompt, answers: count, withAds, ads: served }) => ({
      prompt,
      answers: count,
      answersWithAds: withAds,
      advertisers: [...adsByAdvertiser(served)]
        .flatMap(([advertiser, count]) => (advertiser === null ? [] : [{ advertiser, ads: count }]))
        .sort(byAdsThenAdvertiser),
    }))
    .filter((contested) => contested.advertisers.length >= 2)
    .sort(
      (a, b) =>
        b.advertisers.length - a.advertisers.length ||
        b.answers - a.answers ||
        compareText(a.prompt, b.prompt),
    );
}

/** One ad as it was made: the same advertiser, title and link, however many times it ran. */
export interface Creative {
  advertiser: string | null;
  title: string | null;
  link: string | null;
  /** The models of the answers it was shown with, distinct, in name order. */
  models: string[];
  timesShown: number;
  /** When it was first and last shown; null when no showing of it is dated. */
  firstSeen: number | null;
  lastSeen: number | null;
}

const creativeOrder = (a: Creative, b: Creative): number =>
  b.timesShown - a.timesShown ||
  compareText(a.advertiser ?? '', b.advertiser ?? '') ||
  compareText(a.title ?? '', b.title ?? '') ||
  compareText(a.link ?? '', b.link ?? '');

/** Each distinct creative among the ads that count as shown, the most shown first. */
export function creativesOf(ads: readonly ShownAd[]): Creative[] {
  const creatives = new Map<string, Creative>();
  for (const ad of ads.filter(countsAsShown)) {
    const key = JSON.stringify([ad.advertiser, ad.title, ad.link]);
    const creative = creatives.get(key) ?? {
      advertiser: ad.advertiser,
      title: ad.title,
      link: ad.link,
      models: [],
      timesShown: 0,
      firstSeen: null,
      lastSeen: null,
    };
    creative.timesShown += 1;
    if (ad.model !== null && !creative.models.includes(ad.model)) creative.models.push(ad.model);
    if (ad.at !== null) {
      creative.firstSeen = Math.min(creative.firstSeen ?? ad.at, ad.at);
      creative.lastSeen = Math.max(creative.lastSeen ?? ad.at, ad.at);
    }
    creatives.set(key, creative);
  }
  return [...creatives.values()]
    .map((creative) => ({ ...creative, models: creative.models.sort(compareNames) }))
    .sort(creativeOrder);
}

/**
 * How an advertiser's share of ad voice moved from one week to the next: `new`, none of its ads the week
 * before and some this week; `gone`, the reverse; `up` and `down`, its share's 95% Wilson intervals of the
 * two weeks do not overlap (this week's low above last week's high, or its high below last week's low).
 */
export type Movement = 'new' | 'gone' | 'up' | 'down';

export interface WeekMovement {
  /** The later week, by its Monday. */
  week: string;
  advertiser: string | null;
  movement: Movement;
  /** Its ads of all ads, the week before and this week. */
  before: Rate;
  after: Rate;
}

const MOVEMENTS: readonly Movement[] = ['new', 'gone', 'up', 'down'];

function movementOf(before: Rate, after: Rate): Movement | null {
  if (before.count === 0) return 'new';
  if (after.count === 0) return 'gone';
  if (before.interval === null || after.interval === null) return null;
  if (after.interval.low > before.interval.high) return 'up';
  if (after.interval.high < before.interval.low) return 'down';
  return null;
}

/**
 * Each advertiser that came, left or moved beyond its interval, from each week to the next
 * (analysis "Ad intelligence"), newest week first. A week is compared with the calendar week before it only when both
 * have a dated ad: a week without one says nothing of who stopped advertising.
 */
export function weekOverWeek(ads: readonly ShownAd[]): WeekMovement[] {
  const byWeek = new Map<string, ShownAd[]>();
  for (const ad of ads.filter(countsAsShown)) {
    const week = weekOf(ad.at);
    if (week === null) continue;
    const inWeek = byWeek.get(week);
    if (inWeek === undefined) byWeek.set(week, [ad]);
    else inWeek.push(ad);
  }
  const weeks = weekRange(byWeek.keys());
  const movements: WeekMovement[] = [];
  weeks.forEach((week, at) => {
    const previous = byWeek.get(weeks[at - 1] ?? '') ?? [];
    const current = byWeek.get(week) ?? [];
    if (previous.length === 0 || current.length === 0) return;
    const before = adsByAdvertiser(previous);
    const after = adsByAdvertiser(current);
    for (const advertiser of new Set([...before.keys(), ...after.keys()])) {
      const rates = {
        before: rateOf(before.get(advertiser) ?? 0, previous.length),
        after: rateOf(after.get(advertiser) ?? 0, current.length),
      };
      const movement = movementOf(rates.before, rates.after);
      if (movement !== null) movements.push({ week, advertiser, movement, ...rates });
    }
  });
  return movements.sort(
    (a, b) =>
      compareNames(b.week, a.week) ||
      MOVEMENTS.indexOf(a.movement) - MOVEMENTS.indexOf(b.movement) ||
      byAdsThenAdvertiser({ advertiser: a.advertiser, ads: 0 }, { advertiser: b.advertiser, ads: 0 }),
  );
}
