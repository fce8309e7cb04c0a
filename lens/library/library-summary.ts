import { weekOf } from '@/lib/library/week';
import type { LibraryConversation, LibraryTurn } from './library-record';

/** A name and how often it came up. */
export type Tally = [name: string, count: number];

/**
 * What the overview reads of one conversation: counts and tallies, kept beside the conversation and
 * written in its transaction, so the library page shows its overview without reading every conversation
 * whole (architecture "The library").
 */
export interface LibrarySummary {
  id: string;
  title: string | null;
  savedAt: number;
  createdAt: number | null;
  models: string[];
  /** Turns with a prompt. */
  turns: number;
  /** Turns whose answer searched the web. */
  searchedTurns: number;
  /** Turns where it is known whether a search ran. */
  knownSearchTurns: number;
  /** Search queries (not pages opened, not product look-ups). */
  searches: number;
  /** Pages cited, once per turn that cites them, by domain. */
  citedDomains: Tally[];
  /** Pages retrieved, once per turn that retrieved them, by domain. */
  retrievedDomains: Tally[];
  /** Search queries, lower-cased and trimmed. */
  queries: Tally[];
  advertisers: Tally[];
  merchants: Tally[];
  /** Turns by the week their prompt was sent (week.ts). */
  weeks: Tally[];
  /** How many shapes were met and not read (export-format "`unread`"); null when the record does not say. */
  shapesNotRead: number | null;
  /** The reader that kept the conversation (library-record.ts LIBRARY_READER). */
  reader: number;
}

class Tallies {
  readonly #counts = new Map<string, number>();

  add(name: string | null, by = 1): void {
    if (name === null || name === '') return;
    this.#counts.set(name, (this.#counts.get(name) ?? 0) + by);
  }

  list(): Tally[] {
    return [...this.#counts];
  }
}

const promptedTurns = (record: LibraryConversation): LibraryTurn[] =>
  record.turns.filter((turn) => turn.prompt !== null);

/** The query as analysts count it: the same words in any case and spacing are one query. */
export const queryKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

export function summaryOf(record: LibraryConversation): LibrarySummary {
  const turns = promptedTurns(record);
  const cited = new Tallies();
  const retrieved = new Tallies();
  const queries = new Tallies();
  const weeks = new Tallies();
  let searches = 0;
  for (const turn of record.turns) {
    for (const page of turn.pages) {
      if (page.cited) cited.add(page.domain);
      if (page.retrieved) retrieved.add(page.domain);
    }
    for (const query of turn.queries) {
      if (query.kind !== 'search') continue;
      searches += 1;
      queries.add(queryKey(query.text));
    }
  }
  for (const turn of turns) weeks.add(weekOf(turn.at ?? record.createdAt));
  const advertisers = new Tallies();
  for (const ad of record.ads) advertisers.add(ad.advertiser);
  const merchants = new Tallies();
  for (const offer of record.offers) merchants.add(offer.merchant);
  return {
    id: record.id,
    title: record.title,
    savedAt: record.savedAt,
    createdAt: record.createdAt,
    models: [...record.models],
    turns: turns.length,
    searchedTurns: turns.filter((turn) => turn.searched === true).length,
    knownSearchTurns: turns.filter((turn) => turn.searched !== null).length,
    searches,
    citedDomains: cited.list(),
    retrievedDomains: retrieved.list(),
    queries: queries.list(),
    advertisers: advertisers.list(),
    merchants: merchants.list(),
    weeks: weeks.list(),
    shapesNotRead: record.unread?.length ?? null,
    reader: record.reader,
  };
}
