import { pageKey } from '@/lib/insights/source-url';
import { isPrompted, type PromptedTurn } from '@/lib/library/answers';
import { BrandMatcher, OWN } from '@/lib/library/brand-matcher';
import { positionsIn } from '@/lib/library/brand-position';
import { type BrandSettings, namesAnyBrand } from '@/lib/library/brand-settings';
import { conversationCells } from '@/lib/library/conversation-columns';
import { type GapDomain, GapDomains } from '@/lib/library/gap-domains';
import type { ConversationColumns } from '@/lib/library/grid-conversation';
import { meanInterval } from '@/lib/library/mean-interval';
import type { ProportionInterval } from '@/lib/library/proportion-interval';
import type { LibraryConversation, LibraryTurn } from './library-record';

export type { GapDomain } from '@/lib/library/gap-domains';

/** A competitor and how often it came up. */
export interface BrandCount {
  name: string;
  count: number;
}

/**
 * Counts per brand and what each is out of: a brand's share is its count / `total`, given with its interval
 * (proportion-interval.ts) by the library page.
 */
export interface BrandCounts {
  own: number;
  /** Every competitor, in the settings' order, also those never counted. */
  competitors: BrandCount[];
  /** What each count is out of; 0 when there was nothing to count. */
  total: number;
}

/** Cited pages, once per answer and page, by whose domain they are on; `total` is every cited page. */
export interface CitationShare extends BrandCounts {
  other: number;
}

/** How often the answers kept with their text name each brand; `total` is own + the competitors' counts. */
export interface MentionShare extends BrandCounts {
  /** Answers whose text was kept and read. */
  answersRead: number;
  /** Answers whose text was not kept: their mentions are unknown ("keep answer text" was off). */
  answersWithoutText: number;
}

/**
 * Which prompts a share is over: every one, those whose text names a brand (the user's or a competitor's, by
 * the words that name it in an answer) or those that name none.
 */
export const PROMPT_KINDS = ['all', 'branded', 'unbranded'] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];

/**
 * A brand's mean position in the answers that name it (analysis "Position in the answer"): `answers` is how
 * many it is over; `mean` null when none; `interval` its normal 95% interval (mean-interval.ts), null under
 * two answers.
 */
export interface MeanPosition {
  answers: number;
  mean: number | null;
  interval: ProportionInterval | null;
}

/** The mean position of a brand no answer read names. */
export const NOT_NAMED: MeanPosition = { answers: 0, mean: null, interval: null };

/** The mean position of the user's brand and of each competitor, in the settings' order. */
export interface MeanPositions {
  own: MeanPosition;
  competitors: (MeanPosition & { name: string })[];
}

/** The shares over one kind of prompts. */
export interface BrandShares {
  citationShare: CitationShare;
  mentionShare: MentionShare;
  /** Prompts whose answer cited each brand; `total` is the prompts. */
  citedPresence: BrandCounts;
  /** Prompts whose answer named each brand; `total` is the answers whose text was read. */
  namedPresence: BrandCounts;
  /** Answers that name each brand before any other; `total` is the answers read that name any brand. */
  namedFirst: BrandCounts;
  meanPosition: MeanPositions;
}

/** One prompt and what its answer cited and said of the brands. */
export interface BrandPrompt extends ConversationColumns {
  turnIndex: number;
  prompt: string;
  /** Whether the prompt itself names a brand (`PromptKind`). */
  branded: boolean;
  /** The turn's time, else the conversation's creation. */
  at: number | null;
  ownCited: boolean;
  /** null when the answer's text was not kept. */
  ownMentioned: boolean | null;
  /** In the settings' order. */
  competitorsCited: string[];
  competitorsMentioned: string[];
}

/**
 * The library read for the user's brands (architecture "The library"). The answers are the turns with a
 * prompt. `configured` is false when no brand is named, and then everything else is empty.
 */
export interface BrandReport {
  configured: boolean;
  shares: Record<PromptKind, BrandShares>;
  prompts: BrandPrompt[];
  /** Domains that cite competitors but never the user's brand (gap-domains.ts says exactly which). */
  gapDomains: GapDomain[];
}

/** What one answer cites and says of each brand, by the brand matcher's places. */
export interface AnsweredBrands {
  /** Its cited pages on each brand's domains, once per page. */
  cited: number[];
  /** Its cited pages of no brand, once per page, and their domains. */
  citedOther: number;
  otherDomains: Set<string>;
  /** How often it names each brand; null when its text was not kept. */
  mentions: number[] | null;
  /** Each brand's position among the brands it names (brand-position.ts); null when its text was not kept. */
  positions: (number | null)[] | null;
}

export function answeredBrands(turn: LibraryTurn, matcher: BrandMatcher): AnsweredBrands {
  const answer: AnsweredBrands = {
    cited: matcher.brands.map(() => 0),
    citedOther: 0,
    otherDomains: new Set(),
    mentions: turn.answer === null ? null : matcher.mentionsIn(turn.answer),
    positions: turn.answer === null ? null : positionsIn(matcher.firstMentionsIn(turn.answer)),
  };
  const seen = new Set<string>();
  for (const page of turn.pages) {
    const key = pageKey(page.url);
    if (!page.cited || seen.has(key)) continue;
    seen.add(key);
    const owner = matcher.ownerOf(page.domain);
    if (owner !== null) answer.cited[owner] = (answer.cited[owner] ?? 0) + 1;
    else {
      answer.citedOther += 1;
      if (page.domain !== null) answer.otherDomains.add(page.domain);
    }
  }
  return answer;
}

/** The places of the competitors with a count. */
const competitorsIn = (counts: readonly number[]): number[] =>
  counts.flatMap((count, place) => (place !== OWN && count > 0 ? [place] : []));

const addInto = (into: number[], counts: readonly number[]): void => {
  counts.forEach((count, place) => {
    into[place] = (into[place] ?? 0) + count;
  });
};

const sum = (counts: readonly number[]): number => counts.reduce((total, count) => total + count, 0);

/** 1 where a brand was counted at all: an answer's presence. */
const presence = (counts: readonly number[]): number[] => counts.map((count) => (count > 0 ? 1 : 0));

/** What the answers to one kind of prompts add up to, by the brand matcher's places. */
class SharesTally {
  readonly #names: readonly string[];
  readonly #cited: number[];
  #citedOther = 0;
  readonly #mentioned: number[];
  readonly #citedIn: number[];
  readonly #namedIn: number[];
  readonly #namedFirst: number[];
  readonly #positionSums: number[];
  readonly #positionSquares: number[];
  #prompts = 0;
  #answersRead = 0;
  #answersNamingAny = 0;

  constructor(names: readonly string[]) {
    this.#names = names;
    this.#cited = names.map(() => 0);
    this.#mentioned = names.map(() => 0);
    this.#citedIn = names.map(() => 0);
    this.#namedIn = names.map(() => 0);
    this.#namedFirst = names.map(() => 0);
    this.#positionSums = names.map(() => 0);
    this.#positionSquares = names.map(() => 0);
  }

  add(answer: AnsweredBrands): void {
    this.#prompts += 1;
    addInto(this.#cited, answer.cited);
    addInto(this.#citedIn, presence(answer.cited));
    this.#citedOther += answer.citedOther;
    if (answer.mentions === null) return;
    this.#answersRead += 1;
    addInto(this.#mentioned, answer.mentions);
    addInto(this.#namedIn, presence(answer.mentions));
    const positions = answer.positions ?? [];
    if (!positions.some((position) => position !== null)) return;
    this.#answersNamingAny += 1;
    positions.forEach((position, place) => {
      if (position === null) return;
      this.#positionSums[place] = (this.#positionSums[place] ?? 0) + position;
      this.#positionSquares[place] = (this.#positionSquares[place] ?? 0) + position * position;
      if (position === 1) this.#namedFirst[place] = (this.#namedFirst[place] ?? 0) + 1;
    });
  }

  /**
   * A brand's positions: the answers naming it are those its presence counts (namedIn). Its interval is
   * kept within the positions there are, 1 to the number of brands (analysis "Position in the answer").
   */
  #meanPosition(place: number): MeanPosition {
    const answers = this.#namedIn[place] ?? 0;
    const sum = this.#positionSums[place] ?? 0;
    const interval = meanInterval(answers, sum, this.#positionSquares[place] ?? 0);
    return {
      answers,
      mean: answers === 0 ? null : sum / answers,
      interval:
        interval === null
          ? null
          : { low: Math.max(1, interval.low), high: Math.min(this.#names.length, interval.high) },
    };
  }

  #counts(counts: readonly number[], total: number): BrandCounts {
    return {
      own: counts[OWN] ?? 0,
      competitors: this.#names.flatMap((name, place) =>
        place === OWN ? [] : [{ name, count: counts[place] ?? 0 }],
      ),
      total,
    };
  }

  shares(): BrandShares {
    return {
      citationShare: {
        ...this.#counts(this.#cited, sum(this.#cited) + this.#citedOther),
        other: this.#citedOther,
      },
      mentionShare: {
        ...this.#counts(this.#mentioned, sum(this.#mentioned)),
        answersRead: this.#answersRead,
        answersWithoutText: this.#prompts - this.#answersRead,
      },
      citedPresence: this.#counts(this.#citedIn, this.#prompts),
      namedPresence: this.#counts(this.#namedIn, this.#answersRead),
      namedFirst: this.#counts(this.#namedFirst, this.#answersNamingAny),
      meanPosition: {
        own: this.#meanPosition(OWN),
        competitors: this.#names.flatMap((name, place) =>
          place === OWN ? [] : [{ name, ...this.#meanPosition(place) }],
        ),
      },
    };
  }
}

/** Whether a prompt names a brand (`PromptKind`). */
export const isBranded = (turn: PromptedTurn<LibraryTurn>, matcher: BrandMatcher): boolean =>
  matcher.mentionsIn(turn.prompt).some((count) => count > 0);

/** The shares over each kind of prompts, as the answers come one at a time. */
export class BrandTallies {
  readonly #tallies: Record<PromptKind, SharesTally>;

  constructor(names: readonly string[]) {
    this.#tallies = {
      all: new SharesTally(names),
      branded: new SharesTally(names),
      unbranded: new SharesTally(names),
    };
  }

  add(answer: AnsweredBrands, branded: boolean): void {
    this.#tallies.all.add(answer);
    this.#tallies[branded ? 'branded' : 'unbranded'].add(answer);
  }

  shares(): Record<PromptKind, BrandShares> {
    return {
      all: this.#tallies.all.shares(),
      branded: this.#tallies.branded.shares(),
      unbranded: this.#tallies.unbranded.shares(),
    };
  }
}

function brandPrompt(
  record: LibraryConversation,
  turn: PromptedTurn<LibraryTurn>,
  branded: boolean,
  answer: AnsweredBrands,
  names: readonly string[],
): BrandPrompt {
  const namesOf = (counts: readonly number[]) => competitorsIn(counts).map((place) => names[place] ?? '');
  return {
    ...conversationCells(record),
    turnIndex: turn.index,
    prompt: turn.prompt,
    branded,
    at: turn.at ?? record.createdAt,
    ownCited: (answer.cited[OWN] ?? 0) > 0,
    ownMentioned: answer.mentions === null ? null : (answer.mentions[OWN] ?? 0) > 0,
    competitorsCited: namesOf(answer.cited),
    competitorsMentioned: namesOf(answer.mentions ?? []),
  };
}

const NOT_CONFIGURED: BrandReport = {
  configured: false,
  shares: new BrandTallies([]).shares(),
  prompts: [],
  gapDomains: [],
};

/** The brand report of the library for the brands the user named. */
export function brandReport(records: readonly LibraryConversation[], brands: BrandSettings): BrandReport {
  if (!namesAnyBrand(brands)) return NOT_CONFIGURED;
  const matcher = new BrandMatcher(brands);
  const names = matcher.brands.map((brand) => brand.name);
  const tallies = new BrandTallies(names);
  const prompts: BrandPrompt[] = [];
  const gaps = new GapDomains(names);
  for (const record of records) {
    for (const turn of record.turns.filter(isPrompted)) {
      const answer = answeredBrands(turn, matcher);
      const branded = isBranded(turn, matcher);
      tallies.add(answer, branded);
      const prompt = brandPrompt(record, turn, branded, answer, names);
      prompts.push(prompt);
      gaps.add({
        otherDomains: answer.otherDomains,
        namesOwn: prompt.ownCited || prompt.ownMentioned === true,
        competitors: new Set([...competitorsIn(answer.cited), ...competitorsIn(answer.mentions ?? [])]),
      });
    }
  }
  return {
    configured: true,
    shares: tallies.shares(),
    prompts,
    gapDomains: gaps.list(),
  };
}
