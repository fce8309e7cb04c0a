import { pageKey } from '@/lib/insights/source-url';
import type { GridRecord } from '@/lib/library/grid-conversation';
import { type GridConversation, rowScope } from '@/lib/library/grid-conversation';
import { inScope, type LibraryFilter, type RowScope } from '@/lib/library/library-filter';
import { compareNames } from '@/lib/library/ranking';
import { ScopedGrid } from '@/lib/library/scoped-grid';
import { SearchableRows, searchTextOf } from '@/lib/library/searchable-rows';
import type { LibraryPage, SourcesConversation } from './page-record';

/** One page, over every turn that retrieved or cited it. */
export interface PageGridRow {
  /** pageKey(url): links that differ only in a fragment or a trailing slash are one page. */
  key: string;
  domain: string | null;
  url: string;
  title: string | null;
  /** Turns that retrieved it. */
  retrieved: number;
  /** Turns that cited it. */
  cited: number;
  /** Its citations, summed over the turns. */
  citations: number;
  conversations: number;
  firstSeen: number | null;
  lastSeen: number | null;
  /** The conversation it was last seen in, for the row's link. */
  lastConversationId: string;
  lastConversationUrl: string;
}

/** A page in one turn: what the page table adds up, once the scope chose the turns. */
export interface PageOccurrence {
  key: string;
  page: LibraryPage;
  scope: RowScope;
  conversation: GridConversation;
}

/** Two links to one page in one turn: one retrieval and one citation of that turn, the larger count. */
const samePage = (first: LibraryPage, second: LibraryPage): LibraryPage => ({
  ...first,
  title: first.title ?? second.title,
  retrieved: first.retrieved || second.retrieved,
  cited: first.cited || second.cited,
  citations: Math.max(first.citations, second.citations),
});

/** The conversation's pages, once per turn and page. */
export function pageOccurrences(
  record: SourcesConversation,
  conversation: GridConversation,
): PageOccurrence[] {
  return record.turns.flatMap((turn) => {
    const scope = rowScope(conversation, turn);
    const inTurn = new Map<string, PageOccurrence>();
    for (const page of turn.pages) {
      const key = pageKey(page.url);
      const known = inTurn.get(key)?.page;
      inTurn.set(key, { key, page: known === undefined ? page : samePage(known, page), scope, conversation });
    }
    return [...inTurn.values()];
  });
}

function newRow(occurrence: PageOccurrence): PageGridRow {
  const { key, page, scope, conversation } = occurrence;
  return {
    key,
    domain: page.domain,
    url: page.url,
    title: page.title,
    retrieved: 0,
    cited: 0,
    citations: 0,
    conversations: 0,
    firstSeen: scope.at,
    lastSeen: scope.at,
    lastConversationId: conversation.id,
    lastConversationUrl: conversation.url,
  };
}

/** Adds one turn's sighting; a sighting of unknown time counts as earlier than any known one. */
function addOccurrence(row: PageGridRow, occurrence: PageOccurrence): void {
  const { page, scope, conversation } = occurrence;
  if (page.retrieved) row.retrieved += 1;
  if (page.cited) row.cited += 1;
  row.citations += page.citations;
  row.title ??= page.title;
  row.domain ??= page.domain;
  if (scope.at === null) {
    if (row.lastSeen !== null) return;
  } else {
    if (row.firstSeen === null || scope.at < row.firstSeen) row.firstSeen = scope.at;
    if (row.lastSeen !== null && scope.at < row.lastSeen) return;
    row.lastSeen = scope.at;
  }
  row.lastConversationId = conversation.id;
  row.lastConversationUrl = conversation.url;
}

/**
 * The page table of a scope: the sightings the scope keeps, added up per page (a page seen in March and
 * June, filtered to June, shows June's counts), most cited first, then most retrieved, then by key. The
 * text filter reads domain, URL and title of the added-up rows. The sightings come conversation by
 * conversation (pageOccurrences of each record in turn), so a page's conversations are counted by noting
 * the last one it was counted in.
 */
export function pageRows(
  occurrences: readonly PageOccurrence[],
  filter: LibraryFilter,
): SearchableRows<PageGridRow> {
  const rows = new Map<string, { row: PageGridRow; countedIn: string | null }>();
  for (const occurrence of occurrences) {
    if (!inScope(occurrence.scope, filter)) continue;
    let known = rows.get(occurrence.key);
    if (known === undefined) {
      known = { row: newRow(occurrence), countedIn: null };
      rows.set(occurrence.key, known);
    }
    addOccurrence(known.row, occurrence);
    if (known.countedIn !== occurrence.conversation.id) {
      known.row.conversations += 1;
      known.countedIn = occurrence.conversation.id;
    }
  }
  const sorted = [...rows.values()]
    .map(({ row }) => row)
    .sort((a, b) => b.cited - a.cited || b.retrieved - a.retrieved || compareNames(a.key, b.key));
  return new SearchableRows(
    sorted,
    sorted.map((row) => searchTextOf([row.domain, row.url, row.title])),
  );
}

/** The sources' grid of the library page: its sums are worked out per scope, from every page's occurrences. */
export const SOURCES_GRIDS = {
  pages: (records: readonly GridRecord<SourcesConversation>[]) => {
    const occurrences = records.flatMap(({ record, conversation }) => pageOccurrences(record, conversation));
    return new ScopedGrid((filter) => pageRows(occurrences, filter));
  },
};
