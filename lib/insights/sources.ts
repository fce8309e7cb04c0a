import { type CitationContext, resolveCitations } from '@/lib/insights/citation-markers';
import { MAY_HOLD_MARKER } from '@/lib/insights/citation-sweep';
import {
  displayText,
  type ReferencedPage,
  readContentReferences,
  readPage,
} from '@/lib/insights/content-references';
import { hostOf, pageKey } from '@/lib/insights/source-url';
import { readArray } from '@/lib/model/ad-and-product-fields';
import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import { isRecord } from '@/lib/model/json-read';

/**
 * The web pages of each turn (issue 7, item 2): the pages the search returned (`search_result_groups`,
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
}

interface RetrievedPage extends ReferencedPage {
  domain: string | null;
  refId: string | null;
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
      const page = readPage(entry);
      if (page !== null)
        pages.push({ ...page, domain, refId: isRecord(entry) ? refIdOf(entry.ref_id) : null });
    }
  }
  return pages;
}

/** The pages a turn's search returned, by the id a marker names them with ("turn0search3"). */
function searchResultsById(turnMessages: readonly NormalizedMessage[]): Map<string, ReferencedPage> {
  const searchResults = new Map<string, ReferencedPage>();
  for (const turnMessage of turnMessages) {
    if (turnMessage.metadata.search_result_groups === undefined) continue;
    for (const page of retrievedPages(turnMessage.metadata)) {
      if (page.refId !== null && !searchResults.has(page.refId)) {
        searchResults.set(page.refId, { url: page.url, title: page.title, attribution: page.attribution });
      }
    }
  }
  return searchResults;
}

function hasSourceData(message: NormalizedMessage): boolean {
  return (
    message.metadata.search_result_groups !== undefined || message.metadata.content_references !== undefined
  );
}

function turnSources(messages: readonly NormalizedMessage[], turnIndex: number): WebSource[] {
  const byKey = new Map<string, WebSource>();
  const add = (
    page: ReferencedPage,
    messageId: string,
    mark: 'cited' | 'retrieved',
    domain: string | null,
  ) => {
    const key = pageKey(page.url);
    const known = byKey.get(key);
    if (known === undefined) {
      byKey.set(key, {
        url: page.url,
        title: page.title,
        domain: domain ?? hostOf(page.url),
        attribution: page.attribution,
        turnIndex,
        messageId,
        cited: mark === 'cited',
        retrieved: mark === 'retrieved',
      });
      return;
    }
    known[mark] = true;
    known.title ??= page.title;
    known.attribution ??= page.attribution;
    if (domain !== null) known.domain = domain;
  };
  let searchResults: ReadonlyMap<string, ReferencedPage> | null = null;
  for (const message of messages) {
    const markers = MAY_HOLD_MARKER.test(message.text);
    if (!markers && !hasSourceData(message)) continue;
    const references = readContentReferences(message.metadata);
    for (const reference of references) {
      for (const page of reference.pages) add(page, message.id, 'cited', null);
    }
    if (markers) {
      // A marker no reference explains still cites the search results it names ("turn0search5").
      searchResults ??= searchResultsById(messages);
      for (const piece of resolveCitations(message.text, { references, searchResults })) {
        if (piece.kind === 'pages') for (const page of piece.pages) add(page, message.id, 'cited', null);
      }
    }
    for (const page of retrievedPages(message.metadata)) add(page, message.id, 'retrieved', page.domain);
  }
  return [...byKey.values()];
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

export function extractSources(conversation: Conversation): WebSource[] {
  return messagesOfTurns(conversation).flatMap((messages, turnIndex) => turnSources(messages, turnIndex));
}

/**
 * What the marker rewriting needs for one message: its references, and the pages its turn's search returned
 * by the id a marker names them with, for markers no reference explains.
 */
export function citationContext(
  message: NormalizedMessage,
  turnMessages: readonly NormalizedMessage[],
): CitationContext {
  return {
    references: readContentReferences(message.metadata),
    searchResults: searchResultsById(turnMessages),
  };
}
