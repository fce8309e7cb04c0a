import { hostOf, pageKey } from '@/lib/insights/source-url';
import { readArray } from '@/lib/model/ad-and-product-fields';
import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import { isRecord } from '@/lib/model/json-read';
import {
  type CitationPiece,
  type ResolvedCitations,
  readCitations,
  type SearchResults,
} from './citation-markers';
import { MAY_HOLD_MARKER } from './citation-sweep';
import {
  type ContentReference,
  displayText,
  pageUrl,
  type ReferencedPage,
  readContentReferences,
} from './content-references';
import { citesMemory } from './memory-citations';

/**
 * The web pages of each turn (site-interface 10.5): the pages the search returned (`search_result_groups`,
 * "retrieved") and the pages the answer cited (`content_references`: grouped_webpages items and their
 * supporting websites, sources_footnote, webpage, webpage_extended, and the search results a marker no
 * reference explains names; "cited"). One row per page and turn,
 * deduplicated by the page's normalized URL (source-url.ts), in order of first appearance.
 */
export interface WebSource {
  /** Without the `utm_source=chatgpt.com` the site appends (source-url.ts). */
  url: string;
  title: string | null;
  /** The search result group's domain, else the URL's host without `www.`. */
  domain: string | null;
  /** The site's name as the service gives it ("Runner's World"). */
  attribution: string | null;
  turnIndex: number;
  /** The message where the page first appeared in the turn. */
  messageId: string;
  cited: boolean;
  retrieved: boolean;
  /**
   * Its place, from 1, among the results of the search that first returned it in the turn (one message's
   * `search_result_groups`, groups in order); null for a page only cited.
   */
  rank: number | null;
}

interface RetrievedPage extends ReferencedPage {
  domain: string | null;
  /** The entry's ref_id as sent; read into an id only when a marker needs it. */
  refId: unknown;
  rank: number;
}

/** `{turn_index, ref_type, ref_index}` or "turn0search3": the id answer markers name a result by. */
function refIdOf(value: unknown): string | null {
  if (typeof value === 'string') return /^turn\d+[a-z_]+\d+$/.test(value) ? value : null;
  if (!isRecord(value)) return null;
  const { turn_index: turn, ref_type: type, ref_index: index } = value;
  if (typeof turn !== 'number' || typeof type !== 'string' || typeof index !== 'number') return null;
  return /^[a-z_]+$/.test(type) ? `turn${turn}${type}${index}` : null;
}

/** The entries of `metadata.search_result_groups`, each with its group's domain. */
function retrievedPages(metadata: Record<string, unknown>): RetrievedPage[] {
  const pages: RetrievedPage[] = [];
  for (const group of readArray(metadata.search_result_groups)) {
    if (!isRecord(group)) continue;
    const groupDomain = displayText(group.domain)?.toLowerCase();
    // Written like the hosts of cited pages, so one site has one name in every row.
    const domain = groupDomain === undefined ? null : groupDomain.replace(/^www\./, '');
    for (const entry of readArray(group.entries)) {
      // Read like readPage, into one object: thousands of results are read for every long conversation.
      if (!isRecord(entry)) continue;
      const url = pageUrl(entry.url);
      if (url === null) continue;
      const title = displayText(entry.title);
      const attribution = displayText(entry.attribution);
      pages.push({ url, title, attribution, domain, refId: entry.ref_id, rank: pages.length + 1 });
    }
  }
  return pages;
}

/**
 * A turn's search results by the id a marker names them with ("turn0search3"), indexed on the first look-up:
 * most markers have a reference that names their pages, and then no look-up happens.
 */
function lazySearchResults(retrieved: ReadonlyArray<readonly RetrievedPage[]>): SearchResults {
  let byId: Map<string, ReferencedPage> | null = null;
  return {
    get(refId) {
      if (byId === null) {
        byId = new Map();
        for (const pages of retrieved) {
          for (const page of pages) {
            const id = refIdOf(page.refId);
            if (id !== null && !byId.has(id)) byId.set(id, page);
          }
        }
      }
      return byId.get(refId);
    },
  };
}

const retrievedPagesOf = (message: NormalizedMessage): readonly RetrievedPage[] =>
  message.metadata.search_result_groups === undefined ? NO_PAGES : retrievedPages(message.metadata);

/**
 * The search results of a turn's messages, by the id a marker names them with, read on the first look-up:
 * most turns are asked nothing (every marker has its reference).
 */
export function turnSearchResults(messages: readonly NormalizedMessage[]): SearchResults {
  let results: SearchResults | null = null;
  return {
    get(refId) {
      results ??= lazySearchResults(messages.map(retrievedPagesOf));
      return results.get(refId);
    },
  };
}

/** An answer's text resolved into what a reader sees where its citation markers stand (citation-markers.ts). */
export interface CitedMessage {
  messageId: string;
  pieces: CitationPiece[];
}

export interface SourceReport {
  /** One row per page and turn. */
  sources: WebSource[];
  /** Every message whose text holds a citation marker, resolved once here so no exporter resolves it again. */
  citedMessages: CitedMessage[];
}

const NO_PAGES: readonly RetrievedPage[] = [];

type Mark = 'cited' | 'retrieved';

/** The page's row of the turn, made on its first appearance and completed by later ones. */
function addSource(
  rows: Map<string, WebSource>,
  page: ReferencedPage,
  at: { turnIndex: number; messageId: string },
  mark: Mark,
  retrieved: RetrievedPage | null,
): void {
  const key = pageKey(page.url);
  const known = rows.get(key);
  const domain = retrieved?.domain ?? null;
  if (known === undefined) {
    // A row without a search result group's domain gets its host once the turn is read (turnSources).
    rows.set(key, {
      url: page.url,
      title: page.title,
      domain,
      attribution: page.attribution,
      turnIndex: at.turnIndex,
      messageId: at.messageId,
      cited: mark === 'cited',
      retrieved: mark === 'retrieved',
      rank: retrieved?.rank ?? null,
    });
    return;
  }
  known[mark] = true;
  known.rank ??= retrieved?.rank ?? null;
  known.title ??= page.title;
  known.attribution ??= page.attribution;
  if (domain !== null) known.domain = domain;
}

/**
 * The rows of one turn, in order of first appearance, added to `sources`; the turn's cited messages go to
 * `citedMessages`.
 */
function turnSources(
  messages: readonly NormalizedMessage[],
  turnIndex: number,
  sources: WebSource[],
  citedMessages: CitedMessage[],
  unresolved: Map<NormalizedMessage, number>,
): void {
  const rows = new Map<string, WebSource>();
  const retrieved = messages.map(retrievedPagesOf);
  const searchResults = lazySearchResults(retrieved);
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as NormalizedMessage;
    const at = { turnIndex, messageId: message.id };
    const markers = MAY_HOLD_MARKER.test(message.text);
    const references =
      markers || message.metadata.content_references !== undefined
        ? readContentReferences(message.metadata)
        : [];
    for (const reference of references) {
      for (const page of reference.pages) addSource(rows, page, at, 'cited', null);
    }
    if (markers) {
      // A marker no reference explains still cites the search results it names ("turn0search5").
      const { pieces, unresolved: count, searched } = messageCitations(message, references, searchResults);
      citedMessages.push({ messageId: message.id, pieces });
      unresolved.set(message, count);
      // The references' pages are in already; the search results markers name may not be.
      for (const page of searched) addSource(rows, page, at, 'cited', null);
    }
    for (const page of retrieved[index] ?? NO_PAGES) addSource(rows, page, at, 'retrieved', page);
  }
  for (const row of rows.values()) {
    row.domain ??= hostOf(row.url);
    sources.push(row);
  }
}

function messagesOfTurns(conversation: Conversation): NormalizedMessage[][] {
  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  return conversation.turns.map((turn) =>
    turn.messageIds.flatMap((id) => {
      const message = byId.get(id);
      return message === undefined ? [] : [message];
    }),
  );
}

/**
 * How many markers of each message nothing resolved, by the conversation the sources were last read from:
 * reading health counts them (export-format "`unread`") from that reading instead of sweeping every answer again.
 */
const unresolvedRead = new WeakMap<Conversation, ReadonlyMap<NormalizedMessage, number>>();

export function extractSources(conversation: Conversation): SourceReport {
  const citedMessages: CitedMessage[] = [];
  const unresolved = new Map<NormalizedMessage, number>();
  const sources: WebSource[] = [];
  const turns = messagesOfTurns(conversation);
  for (let turnIndex = 0; turnIndex < turns.length; turnIndex += 1)
    turnSources(turns[turnIndex] ?? [], turnIndex, sources, citedMessages, unresolved);
  unresolvedRead.set(conversation, unresolved);
  return { sources, citedMessages };
}

/**
 * How many markers of a message of the conversation nothing resolves (citation-markers.ts), as the sources
 * reader counted them; resolved here when it has not read the message. `searchResults` are its turn's.
 */
export function unresolvedMarkers(
  conversation: Conversation,
  message: NormalizedMessage,
  searchResults: SearchResults,
): number {
  const counted = unresolvedRead.get(conversation)?.get(message);
  if (counted !== undefined) return counted;
  return messageCitations(message, readContentReferences(message.metadata), searchResults).unresolved;
}

/** A message's markers read against its references and its turn's search results (citation-markers.ts). */
const messageCitations = (
  message: NormalizedMessage,
  references: readonly ContentReference[],
  searchResults: SearchResults,
): ResolvedCitations =>
  readCitations(message.text, { references, searchResults, citesMemory: citesMemory(message.metadata) });
