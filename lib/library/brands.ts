import { pageKey } from '@/lib/insights/source-url';
import { BrandMatcher, OWN } from './brand-matcher';
import type { BrandSettings } from './brand-settings';
import { conversationCells } from './conversation-columns';
import { type GapDomain, GapDomains } from './gap-domains';
import type { LibraryConversation, LibraryTurn } from './library-record';
import type { ConversationColumns } from './page-tables-conversation';

export type { GapDomain } from './gap-domains';

/** A competitor and how often it came up. */
export interface BrandCount {
  name: string;
  count: number;
}

/**
 * Cited pages, once per answer and page, by whose domain they are on. Counts only: the library page divides
 * by `total` (0 when nothing was cited).
 */
export interface CitationShare {
  own: number;
  /** Every competitor, in the settings' order, also those never cited. */
  competitors: BrandCount[];
  other: number;
  total: number;
}

/** How often the answers kept with their text name each brand. Counts only, as `CitationShare`. */
export interface MentionShare {
  own: number;
  competitors: BrandCount[];
  /** own + the competitors' counts. */
  total: number;
  /** Answers whose text was kept and read. */
  answersRead: number;
  /** Answers whose text was not kept: their mentions are unknown ("keep answer text" was off). */
  answersWithoutText: number;
}

/** One prompt and what its answer cited and said of the brands. */
export interface BrandPrompt extends ConversationColumns {
  turnIndex: number;
  prompt: string;
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
  citationShare: CitationShare;
  mentionShare: MentionShare;
  prompts: BrandPrompt[];
  /** Domains that cite competitors but never the user's brand (gap-domains.ts says exactly which). */
  gapDomains: GapDomain[];
}

/** Whether the settings name any brand: a report, or a trend, has something to read for. */
export const isConfigured = (brands: BrandSettings): boolean =>
  brands.competitors.length > 0 ||
  brands.own.name.trim() !== '' ||
  brands.own.domains.length > 0 ||
  brands.own.mentions.length > 0;

const NOT_CONFIGURED: BrandReport = {
  configured: false,
  citationShare: { own: 0, competitors: [], other: 0, total: 0 },
  mentionShare: { own: 0, competitors: [], total: 0, answersRead: 0, answersWithoutText: 0 },
  prompts: [],
  gapDomains: [],
};

/** What one answer cites and says of each brand, by the brand matcher's places. */
export interface AnsweredBrands {
  /** Its cited pages on each brand's domains, once per page. */
  cited: number[];
  /** Its cited pages of no brand, once per page, and their domains. */
  citedOther: number;
  otherDomains: Set<string>;
  /** How often it names each brand; null when its text was not kept. */
  mentions: number[] | null;
}

export function answeredBrands(turn: LibraryTurn, matcher: BrandMatcher): AnsweredBrands {
  const answer: AnsweredBrands = {
    cited: matcher.brands.map(() => 0),
    citedOther: 0,
    otherDomains: new Set(),
    mentions: turn.answer === null ? null : matcher.mentionsIn(turn.answer),
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

export type PromptedTurn = LibraryTurn & { prompt: string };

export const isPrompted = (turn: LibraryTurn): turn is PromptedTurn => turn.prompt !== null;

function brandPrompt(
  record: LibraryConversation,
  turn: PromptedTurn,
  answer: AnsweredBrands,
  names: readonly string[],
): BrandPrompt {
  const namesOf = (counts: readonly number[]) => competitorsIn(counts).map((place) => names[place] ?? '');
  return {
    ...conversationCells(record),
    turnIndex: turn.index,
    prompt: turn.prompt,
    at: turn.at ?? record.createdAt,
    ownCited: (answer.cited[OWN] ?? 0) > 0,
    ownMentioned: answer.mentions === null ? null : (answer.mentions[OWN] ?? 0) > 0,
    competitorsCited: namesOf(answer.cited),
    competitorsMentioned: namesOf(answer.mentions ?? []),
  };
}

/** The brand report of the library for the brands the user named. */
export function brandReport(records: readonly LibraryConversation[], brands: BrandSettings): BrandReport {
  if (!isConfigured(brands)) return NOT_CONFIGURED;
  const matcher = new BrandMatcher(brands);
  const names = matcher.brands.map((brand) => brand.name);
  const cited = names.map(() => 0);
  const mentioned = names.map(() => 0);
  let citedOther = 0;
  let answersRead = 0;
  const prompts: BrandPrompt[] = [];
  const gaps = new GapDomains(names);
  for (const record of records) {
    for (const turn of record.turns.filter(isPrompted)) {
      const answer = answeredBrands(turn, matcher);
      addInto(cited, answer.cited);
      citedOther += answer.citedOther;
      if (answer.mentions !== null) {
        addInto(mentioned, answer.mentions);
        answersRead += 1;
      }
      const prompt = brandPrompt(record, turn, answer, names);
      prompts.push(prompt);
      gaps.add({
        otherDomains: answer.otherDomains,
        namesOwn: prompt.ownCited || prompt.ownMentioned === true,
        competitors: new Set([...competitorsIn(answer.cited), ...competitorsIn(answer.mentions ?? [])]),
      });
    }
  }
  const competitorCounts = (counts: readonly number[]): BrandCount[] =>
    names.flatMap((name, place) => (place === OWN ? [] : [{ name, count: counts[place] ?? 0 }]));
  return {
    configured: true,
    citationShare: {
      own: cited[OWN] ?? 0,
      competitors: competitorCounts(cited),
      other: citedOther,
      total: sum(cited) + citedOther,
    },
    mentionShare: {
      own: mentioned[OWN] ?? 0,
      competitors: competitorCounts(mentioned),
      total: sum(mentioned),
      answersRead,
      answersWithoutText: prompts.length - answersRead,
    },
    prompts,
    gapDomains: gaps.list(),
  };
}
