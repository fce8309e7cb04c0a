import { answersOf, comparedText } from '@/lib/library/answers';
import { BrandMatcher } from '@/lib/library/brand-matcher';
import { type BrandSettings, namesAnyBrand } from '@/lib/library/brand-settings';
import { type GridConversation, gridConversationOf, rowScope } from '@/lib/library/grid-conversation';
import { inScope, type LibraryFilter } from '@/lib/library/library-filter';
import { compareNames } from '@/lib/library/ranking';
import { compareText } from '@/lib/library/sort-rows';
import type { QueriesConversation, QueriesTurn } from './query-record';

/**
 * The fan-out of the library's answers (export-format "The fanout table"): the web searches each answer to
 * a prompt ran, read over every version of the prompt (architecture "Versions of a prompt"), by query and
 * by prompt. Only search queries count: an open or a product look-up is not the engine wording a search.
 */

/** One distinct search query (compared as prompts are: trimmed, spaces collapsed, case ignored). */
export interface QueryFanout {
  /** The query as first met. */
  query: string;
  /** How often an answer ran it. */
  searches: number;
  /** The distinct prompts whose answers ran it. */
  prompts: number;
  conversations: number;
  /** The models whose answers ran it, in text order. */
  models: string[];
  /** When the first and last answer that ran it were asked; null when none is dated. */
  firstSearched: number | null;
  lastSearched: number | null;
  /** The pages cited by the answers that ran it, the most cited first (once per answer), then by address. */
  pagesCited: string[];
}

/** How the answers to one prompt search. */
export interface PromptFanout {
  /** The prompt as first met. */
  prompt: string;
  /** Its answers kept, in every version. */
  answers: number;
  /** Its answers that ran at least one search query. */
  searchedAnswers: number;
  /** Their search queries, all runs counted. */
  searches: number;
  /** Search queries per searched answer: mean, fewest and most; null when none searched. */
  meanSize: number | null;
  minSize: number | null;
  maxSize: number | null;
  /** Of its search queries, those that name a brand; null when no brand is set. */
  brandedSearches: number | null;
  /** The words its queries use that its prompt does not, in the most queries first, then by text. */
  addedWords: string[];
  /** The words of its prompt that no query uses, in the prompt's order. */
  droppedWords: string[];
}

/** Which answers count: every one, or those a filter of the library page keeps. */
export type AnswerFilter = (conversation: QueriesConversation, turn: QueriesTurn) => boolean;

const EVERY_ANSWER: AnswerFilter = () => true;

/** A run of letters and digits of any script, with their marks. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The distinct words of a text, lower-cased, in their order. */
export const wordsOf = (text: string): string[] => [...new Set(text.toLowerCase().match(WORD) ?? [])];

interface QueryEntry {
  query: string;
  searches: number;
  prompts: Set<string>;
  conversations: Set<string>;
  models: Set<string>;
  first: number | null;
  last: number | null;
  /** Each cited page, by address, and the answers that cite it. */
  pages: Map<string, number>;
}

interface PromptEntry {
  prompt: string;
  answers: number;
  /** The size of each searched answer's fan-out. */
  sizes: number[];
  branded: number;
  /** Each query word, and the queries that use it. */
  queryWords: Map<string, number>;
}

const sortedTexts = (texts: Iterable<string>): string[] => [...texts].sort(compareText);

/** The items, the most counted first, equal counts in `order`. */
const byCount = (counts: Map<string, number>, order: (a: string, b: string) => number): string[] =>
  [...counts].sort(([a, countA], [b, countB]) => countB - countA || order(a, b)).map(([item]) => item);

function queryFanoutOf(entry: QueryEntry): QueryFanout {
  return {
    query: entry.query,
    searches: entry.searches,
    prompts: entry.prompts.size,
    conversations: entry.conversations.size,
    models: sortedTexts(entry.models),
    firstSearched: entry.first,
    lastSearched: entry.last,
    // Addresses tie by code unit, as the SQL's `order by page_url` (analysis "Fan-out") and cheaply.
    pagesCited: byCount(entry.pages, compareNames),
  };
}

function promptFanoutOf(entry: PromptEntry, brandsSet: boolean): PromptFanout {
  const { sizes } = entry;
  const searches = sizes.reduce((sum, size) => sum + size, 0);
  const promptWords = wordsOf(entry.prompt);
  const inPrompt = new Set(promptWords);
  const added = new Map([...entry.queryWords].filter(([word]) => !inPrompt.has(word)));
  return {
    prompt: entry.prompt,
    answers: entry.answers,
    searchedAnswers: sizes.length,
    searches,
    meanSize: sizes.length === 0 ? null : searches / sizes.length,
    minSize: sizes.length === 0 ? null : Math.min(...sizes),
    maxSize: sizes.length === 0 ? null : Math.max(...sizes),
    brandedSearches: brandsSet ? entry.branded : null,
    addedWords: byCount(added, compareText),
    droppedWords: sizes.length === 0 ? [] : promptWords.filter((word) => !entry.queryWords.has(word)),
  };
}

const earliest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);
const latest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** The search queries of an answer, as shown and as compared; a query with no text is none. */
function searchesOf(turn: QueriesTurn): Array<{ text: string; key: string }> {
  const searches: Array<{ text: string; key: string }> = [];
  for (const query of turn.queries) {
    if (query.kind !== 'search') continue;
    const key = comparedText(query.text);
    if (key !== '') searches.push({ text: query.text, key });
  }
  return searches;
}

/**
 * The fan-out of the conversations given one at a time, by query, kept small enough for a library of any
 * size: `queries()` gives the fanout table's rows (most searched first).
 */
export class QueryFanouts {
  readonly #byQuery = new Map<string, QueryEntry>();
  readonly #keep: AnswerFilter;

  constructor(keep: AnswerFilter = EVERY_ANSWER) {
    this.#keep = keep;
  }

  add(conversation: QueriesConversation): void {
    for (const { turn, prompt } of answersOf(conversation)) {
      if (!this.#keep(conversation, turn)) continue;
      const searches = searchesOf(turn);
      if (searches.length === 0) continue;
      const promptKey = comparedText(prompt);
      const cited = turn.pages.filter((page) => page.cited);
      for (const [place, { text, key }] of searches.entries()) {
        let entry = this.#byQuery.get(key);
        if (entry === undefined) {
          entry = {
            query: text,
            searches: 0,
            prompts: new Set(),
            conversations: new Set(),
            models: new Set(),
            first: null,
            last: null,
            pages: new Map(),
          };
          this.#byQuery.set(key, entry);
        }
        entry.searches += 1;
        entry.prompts.add(promptKey);
        entry.conversations.add(conversation.id);
        if (turn.model !== null) entry.models.add(turn.model);
        entry.first = earliest(entry.first, turn.at);
        entry.last = latest(entry.last, turn.at);
        // An answer cites a page once for each query it ran, however often that query repeats in it.
        if (searches.findIndex((search) => search.key === key) === place)
          for (const page of cited) entry.pages.set(page.url, (entry.pages.get(page.url) ?? 0) + 1);
      }
    }
  }

  /** One per distinct query, the most searched first, then by text. */
  queries(): QueryFanout[] {
    return [...this.#byQuery.values()]
      .map(queryFanoutOf)
      .sort((a, b) => b.searches - a.searches || compareText(a.query, b.query));
  }
}

/**
 * How the answers to each prompt search: one per prompt with an answer kept, whose answers pass `keep`;
 * those that searched most first, then by text. Brands are matched in the queries as in an answer's text
 * (brand-matcher.ts, whole words in any case).
 */
export function promptFanouts(
  conversations: Iterable<QueriesConversation>,
  brands: BrandSettings | null,
  keep: AnswerFilter = EVERY_ANSWER,
): PromptFanout[] {
  const matcher = brands !== null && namesAnyBrand(brands) ? new BrandMatcher(brands) : null;
  const byPrompt = new Map<string, PromptEntry>();
  for (const conversation of conversations)
    for (const { turn, prompt } of answersOf(conversation)) {
      if (!keep(conversation, turn)) continue;
      const key = comparedText(prompt);
      let entry = byPrompt.get(key);
      if (entry === undefined) {
        entry = { prompt, answers: 0, sizes: [], branded: 0, queryWords: new Map() };
        byPrompt.set(key, entry);
      }
      entry.answers += 1;
      const searches = searchesOf(turn);
      if (searches.length === 0) continue;
      entry.sizes.push(searches.length);
      for (const { text } of searches) {
        if (matcher?.mentionsIn(text).some((count) => count > 0)) entry.branded += 1;
        for (const word of wordsOf(text)) entry.queryWords.set(word, (entry.queryWords.get(word) ?? 0) + 1);
      }
    }
  return [...byPrompt.values()]
    .map((entry) => promptFanoutOf(entry, matcher !== null))
    .sort((a, b) => b.searches - a.searches || compareText(a.prompt, b.prompt));
}

/**
 * The answers a filter of the library page keeps: by their turn's date and model, and their conversation,
 * as the page's grids scope their rows (grid-conversation.ts).
 */
export function answersIn(filter: LibraryFilter): AnswerFilter {
  const scoped = new WeakMap<QueriesConversation, GridConversation>();
  return (conversation, turn) => {
    let grid = scoped.get(conversation);
    if (grid === undefined) {
      grid = gridConversationOf(conversation);
      scoped.set(conversation, grid);
    }
    return inScope(rowScope(grid, turn), filter);
  };
}
