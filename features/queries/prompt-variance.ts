import { answersOf, comparedText } from '@/lib/library/answers';
import { BrandMatcher } from '@/lib/library/brand-matcher';
import { type BrandSettings, namesAnyBrand } from '@/lib/library/brand-settings';
import { compareNames } from '@/lib/library/ranking';
import type { QueriesConversation, QueriesTurn } from './query-record';

/**
 * How much the answers to one prompt move between its versions (architecture "Versions of a prompt"): every
 * answer the library holds to it, in other conversations, other turns, or branches of the tree the site no
 * longer shows.
 */
export interface PromptVariance {
  /** The prompt as first met. */
  prompt: string;
  versions: number;
  /** The conversations its versions are in. */
  conversations: number;
  /** Its versions read from branches the site no longer shows (regenerated answers, edited prompts). */
  branchVersions: number;
  /** The share of the versions that searched, of those where that is known; null when none is. */
  searchedShare: number | null;
  /** Mean Jaccard index of the versions' search queries, over the pairs where either ran one; null for none. */
  queryOverlap: number | null;
  /** The same of their cited pages' domains. */
  domainOverlap: number | null;
  /** The same of the brands they cite or name; null also when no brand is set. */
  brandOverlap: number | null;
  /** The queries, then the cited domains, in at least half of the versions: the most frequent first. */
  stableQueries: string[];
  stableDomains: string[];
  /** When the first and the last version were asked; null when none is dated. */
  firstAsked: number | null;
  lastAsked: number | null;
  /** The models that answered its versions, in order of first answer; a version naming none adds none. */
  models: string[];
}

/**
 * One answer to a prompt, reduced to what is compared. Every turn of a library is one until its prompt is
 * known to be asked once only, at the end, so it is kept small: each set as a list of its distinct items (a
 * shared empty list for none), the brands as the bits of their places (at most 21 of them, architecture
 * "The library").
 */
interface Version {
  conversationId: string;
  branch: boolean;
  at: number | null;
  model: string | null;
  searched: boolean | null;
  queries: readonly string[];
  domains: readonly string[];
  /** Bit `place` set for each brand it cites or names; null when no brand is set. */
  brands: number | null;
}

const NONE: readonly string[] = [];

/** The distinct items, or the shared empty list. */
const distinct = (items: readonly string[]): readonly string[] =>
  items.length === 0 ? NONE : items.length === 1 ? items : [...new Set(items)];

/** The places of the bits set. */
function placesOf(bits: number | null): number[] {
  const places: number[] = [];
  for (let place = 0; bits !== null && bits >>> place !== 0; place += 1)
    if ((bits >>> place) & 1) places.push(place);
  return places;
}

/** The bits set in a 32-bit word. */
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A set as a row of bits over the items of its prompt, and how many versions hold exactly it. */
interface DistinctSet {
  row: Uint32Array;
  size: number;
  versions: number;
}

/** The distinct sets among the versions' (most repeat: the same queries, no query at all), as rows of bits. */
function distinctSets(sets: readonly (readonly unknown[])[]): { distinct: DistinctSet[]; words: number } {
  const places = new Map<unknown, number>();
  for (const set of sets) for (const item of set) if (!places.has(item)) places.set(item, places.size);
  const words = Math.ceil(places.size / 32);
  const byKey = new Map<string, DistinctSet>();
  for (const set of sets) {
    const row = new Uint32Array(words);
    for (const item of set) {
      const place = places.get(item) as number;
      row[place >>> 5] = (row[place >>> 5] as number) | (1 << (place & 31));
    }
    const key = row.join(',');
    const known = byKey.get(key);
    if (known === undefined) byKey.set(key, { row, size: set.length, versions: 1 });
    else known.versions += 1;
  }
  return { distinct: [...byKey.values()], words };
}

/**
 * The mean Jaccard index |a ∩ b| / |a ∪ b| over every pair of versions, a pair of two empty sets left out
 * (it says nothing of overlap); null when every pair is. A prompt asked hundreds of times has tens of
 * thousands of pairs, so the sets are compared as rows of bits, each distinct set once, its pairs weighted
 * by how many versions hold it (two versions of the same set share all of it).
 */
function meanOverlap(sets: readonly (readonly unknown[])[]): number | null {
  const { distinct, words } = distinctSets(sets);
  let sum = 0;
  let pairs = 0;
  for (let first = 0; first < distinct.length; first += 1) {
    const a = distinct[first] as DistinctSet;
    if (a.size > 0) {
      const same = (a.versions * (a.versions - 1)) / 2;
      sum += same;
      pairs += same;
    }
    for (let second = first + 1; second < distinct.length; second += 1) {
      const b = distinct[second] as DistinctSet;
      const weight = a.versions * b.versions;
      // Two distinct sets are never both empty.
      let shared = 0;
      for (let word = 0; word < words; word += 1)
        shared += bitCount((a.row[word] as number) & (b.row[word] as number));
      sum += (weight * shared) / (a.size + b.size - shared);
      pairs += weight;
    }
  }
  return pairs === 0 ? null : sum / pairs;
}

/** The items in at least half of the sets, the most frequent first, then in text order. */
function stableItems(sets: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const set of sets) for (const item of set) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count * 2 >= sets.length)
    .sort(([a, countA], [b, countB]) => countB - countA || compareNames(a, b))
    .map(([item]) => item);
}

const dated = (versions: readonly Version[]): number[] =>
  versions.flatMap((version) => (version.at === null ? [] : [version.at]));

function varianceOf(prompt: string, versions: readonly Version[], brandsSet: boolean): PromptVariance {
  const known = versions.filter((version) => version.searched !== null);
  const times = dated(versions);
  const queries = versions.map((version) => version.queries);
  const domains = versions.map((version) => version.domains);
  return {
    prompt,
    versions: versions.length,
    conversations: new Set(versions.map((version) => version.conversationId)).size,
    branchVersions: versions.filter((version) => version.branch).length,
    searchedShare:
      known.length === 0 ? null : known.filter((version) => version.searched).length / known.length,
    queryOverlap: meanOverlap(queries),
    domainOverlap: meanOverlap(domains),
    brandOverlap: brandsSet ? meanOverlap(versions.map((version) => placesOf(version.brands))) : null,
    stableQueries: stableItems(queries),
    stableDomains: stableItems(domains),
    firstAsked: times.length === 0 ? null : Math.min(...times),
    lastAsked: times.length === 0 ? null : Math.max(...times),
    models: [...new Set(versions.flatMap((version) => (version.model === null ? [] : [version.model])))],
  };
}

/** How much a prompt's answers move: the mean of what overlaps (1 none moved, 0 all did); null for nothing. */
export function overlapOf(variance: PromptVariance): number | null {
  const known = [variance.queryOverlap, variance.domainOverlap].filter((value) => value !== null);
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}

/** The prompts whose answers move most first; those with nothing to compare last; then by text. */
function byMovement(a: PromptVariance, b: PromptVariance): number {
  const overlapA = overlapOf(a);
  const overlapB = overlapOf(b);
  if (overlapA !== overlapB) {
    if (overlapA === null) return 1;
    if (overlapB === null) return -1;
    return overlapA - overlapB;
  }
  return b.versions - a.versions || (a.prompt < b.prompt ? -1 : a.prompt > b.prompt ? 1 : 0);
}

/** The prompts the tree holds other versions of, each shortened as a turn's label; empty without a fork. */
export interface SnapshotVersions {
  promptVersions: PromptVariance[];
}

/**
 * The versions of every prompt of the conversations given one at a time, kept reduced to what is compared,
 * so a library of any size is read in one pass: `list()` gives each prompt with two or more versions.
 */
export class PromptVariances {
  readonly #matcher: BrandMatcher | null;
  readonly #byPrompt = new Map<string, { prompt: string; versions: Version[] }>();

  constructor(brands: BrandSettings | null) {
    this.#matcher = brands !== null && namesAnyBrand(brands) ? new BrandMatcher(brands) : null;
  }

  add(conversation: QueriesConversation): void {
    for (const { turn, prompt, branch } of answersOf(conversation))
      this.#addVersion(conversation.id, turn, prompt, branch);
  }

  list(): PromptVariance[] {
    const brandsSet = this.#matcher !== null;
    return [...this.#byPrompt.values()]
      .filter(({ versions }) => versions.length >= 2)
      .map(({ prompt, versions }) => varianceOf(prompt, versions, brandsSet))
      .sort(byMovement);
  }

  #addVersion(conversationId: string, turn: QueriesTurn, prompt: string, branch: boolean): void {
    const key = comparedText(prompt);
    let entry = this.#byPrompt.get(key);
    if (entry === undefined) {
      entry = { prompt, versions: [] };
      this.#byPrompt.set(key, entry);
    }
    const searches = turn.queries.filter((query) => query.kind === 'search');
    // A page cited twice adds nothing to a set of domains or brands: no page needs telling apart.
    const cited = turn.pages.filter((page) => page.cited);
    entry.versions.push({
      conversationId,
      branch,
      at: turn.at,
      model: turn.model,
      searched: turn.searched ?? (searches.length > 0 ? true : null),
      queries: distinct(searches.map((query) => comparedText(query.text))),
      domains: distinct(cited.flatMap((page) => (page.domain === null ? [] : [page.domain]))),
      brands: this.#brandsOf(turn, cited),
    });
  }

  /** The brands a version cites (a page on their domains) or names (in its kept text), as bits of their places. */
  #brandsOf(turn: QueriesTurn, cited: readonly QueriesTurn['pages'][number][]): number | null {
    const matcher = this.#matcher;
    if (matcher === null) return null;
    let brands = 0;
    for (const page of cited) {
      const owner = matcher.ownerOf(page.domain);
      if (owner !== null) brands |= 1 << owner;
    }
    if (turn.answer !== null)
      matcher.mentionsIn(turn.answer).forEach((count, place) => {
        if (count > 0) brands |= 1 << place;
      });
    return brands;
  }
}

/** Every prompt with two or more versions in the conversations. */
export function promptVariances(
  conversations: Iterable<QueriesConversation>,
  brands: BrandSettings | null,
): PromptVariance[] {
  const variances = new PromptVariances(brands);
  for (const conversation of conversations) variances.add(conversation);
  return variances.list();
}
