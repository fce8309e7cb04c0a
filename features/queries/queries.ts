import type { ReferencedPage } from '@/features/sources/content-references';
import { toolCommand } from '@/lib/insights/tool-command';
import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import { isRecord, readString } from '@/lib/model/json-read';
import { readRefId } from '@/lib/model/message-object';
import { referencedPages } from './referenced-pages';

/**
 * The queries the model ran, per turn (site-interface 2.4, site-interface 4.1, site-interface 9.1). They are
 * read from message metadata and from the assistant's own call to the web.run tool, deduplicated within a
 * turn.
 */
export type QueryKind = 'search' | 'open' | 'product';

export type QueryOrigin = 'search_model_queries' | 'map_search_model_queries' | 'search_queries' | 'web.run';

export interface SearchQuery {
  text: string;
  kind: QueryKind;
  source: QueryOrigin;
  messageId: string;
  turnIndex: number;
  /**
   * The page an open names by reference id (`turn0search2`), found among the search results and citations of
   * its turn or, nearest first, of the turns before (referenced-pages.ts); null for every other query and for
   * an id nothing names.
   */
  page: ReferencedPage | null;
}

export interface QueryReport {
  queries: SearchQuery[];
  /**
   * site-interface 9.1: only the messages format carries the web.run tool message with
   * search_model_queries.
   */
  mayBeIncomplete: boolean;
  note: string | null;
}

/** A query as a message names it, before it is placed in its turn. */
export type NamedQuery = Pick<SearchQuery, 'text' | 'kind' | 'source'>;

/** site-interface 2.4: a bare URL in search_model_queries is a page the model opened, not a search. */
const BARE_URL = /^https?:\/\/\S+$/i;

const searchOrOpen = (text: string, source: QueryOrigin): NamedQuery => ({
  text,
  kind: BARE_URL.test(text) ? 'open' : 'search',
  source,
});

function nonEmptyStrings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const strings: string[] = [];
  for (const item of value) {
    const text = readString(item)?.trim();
    if (text) strings.push(text);
  }
  return strings;
}

/** A list of strings, or (seen in real responses) an object holding that list under `queries`. */
function queryList(value: unknown): string[] {
  return nonEmptyStrings(isRecord(value) ? value.queries : value);
}

function fromMetadata(metadata: Record<string, unknown>): NamedQuery[] {
  const found: NamedQuery[] = [];
  for (const source of ['search_model_queries', 'map_search_model_queries'] as const) {
    for (const text of queryList(metadata[source])) found.push(searchOrOpen(text, source));
  }
  // Older conversations: search_queries as a list of {q, type}.
  const older = metadata.search_queries;
  if (Array.isArray(older)) {
    for (const entry of older) {
      const text = isRecord(entry) ? readString(entry.q)?.trim() : undefined;
      if (text) found.push(searchOrOpen(text, 'search_queries'));
    }
  }
  return found;
}

/** What an open call opens: a URL, or a reference id in either form (site-interface 2.4). */
function openTarget(entry: unknown): string | null {
  if (typeof entry === 'string') return entry.trim() || null;
  if (!isRecord(entry)) return null;
  return readRefId(entry.ref_id)?.trim() || readString(entry.url)?.trim() || null;
}

function fromWebRunCall(message: NormalizedMessage): NamedQuery[] {
  if (message.role !== 'assistant' || message.recipient !== 'web.run') return [];
  const command = toolCommand(message.text);
  if (command === null) return [];
  const found: NamedQuery[] = [];
  if (Array.isArray(command.search_query)) {
    for (const entry of command.search_query) {
      const text = isRecord(entry) ? readString(entry.q)?.trim() : undefined;
      if (text) found.push({ text, kind: 'search', source: 'web.run' });
    }
  }
  if (Array.isArray(command.open)) {
    for (const entry of command.open) {
      const text = openTarget(entry);
      if (text) found.push({ text, kind: 'open', source: 'web.run' });
    }
  }
  const product = command.product_query;
  for (const text of isRecord(product) ? nonEmptyStrings(product.search) : []) {
    found.push({ text, kind: 'product', source: 'web.run' });
  }
  return found;
}

/** The queries one message names: its call to the web.run tool, and its metadata. */
export const queriesIn = (message: NormalizedMessage): NamedQuery[] => [
  ...fromWebRunCall(message),
  ...fromMetadata(message.metadata),
];

/** The pages each turn names by reference id, read on the first open that needs them. */
function pageFinder(turnMessages: (turnIndex: number) => NormalizedMessage[]) {
  const turns = new Map<number, Map<string, ReferencedPage>>();
  return (refId: string, turnIndex: number): ReferencedPage | null => {
    // An id may name a result of an earlier turn: the nearest turn that names it wins.
    for (let index = turnIndex; index >= 0; index -= 1) {
      let pages = turns.get(index);
      if (pages === undefined) {
        pages = referencedPages(turnMessages(index));
        turns.set(index, pages);
      }
      const page = pages.get(refId);
      if (page !== undefined) return page;
    }
    return null;
  };
}

export function extractQueries(conversation: Conversation): QueryReport {
  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  const turnMessages = (turnIndex: number): NormalizedMessage[] =>
    (conversation.turns[turnIndex]?.messageIds ?? []).flatMap((id) => byId.get(id) ?? []);
  const findPage = pageFinder(turnMessages);
  const queries: SearchQuery[] = [];
  conversation.turns.forEach((turn, turnIndex) => {
    const seen = new Set<string>();
    for (const messageId of turn.messageIds) {
      const message = byId.get(messageId);
      if (message === undefined) continue;
      for (const query of queriesIn(message)) {
        const key = `${query.kind}\u0000${query.text}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const page =
          query.kind === 'open' && !BARE_URL.test(query.text) ? findPage(query.text, turnIndex) : null;
        queries.push({ ...query, messageId, turnIndex, page });
      }
    }
  });
  const mayBeIncomplete = !conversation.formatLoads.messages.loaded && conversation.formatLoads.tree.loaded;
  return {
    queries,
    mayBeIncomplete,
    note: mayBeIncomplete
      ? 'Only the tree format was loaded; it lacks the web-search tool message, so queries may be missing.'
      : null,
  };
}
