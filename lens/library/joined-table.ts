import { FEATURE_TURN_COLUMNS } from '@/features/index';
import type { LibraryQuery } from '@/features/queries/query-record';
import type { LibraryPage } from '@/features/sources/page-record';
import {
  CONVERSATION_COLUMNS,
  CONVERSATION_CREATED,
  conversationCells,
} from '@/lib/library/conversation-columns';
import { libraryTable } from '@/lib/library/library-table';
import type { RowOf, TableColumn, TableRow } from '@/lib/library/table-column';
import type { LibraryConversation, LibraryTurn } from './library-record';

const TURN_COLUMNS = [
  ...CONVERSATION_COLUMNS,
  CONVERSATION_CREATED,
  { name: 'conversation_updated', type: 'timestamp', meaning: 'when it last changed' },
  {
    name: 'turn_index',
    type: 'integer',
    meaning: "the turn's place in the conversation, from 0 (the JSON export's turns[].index)",
  },
  { name: 'turn_at', type: 'timestamp', meaning: 'when the prompt was sent' },
  { name: 'prompt', type: 'string', meaning: "the user's prompt; null for a turn without one" },
  { name: 'model', type: 'string', meaning: 'the model that answered' },
  {
    name: 'searched',
    type: 'boolean',
    meaning: 'whether the model searched the web for the answer; null when nothing can tell',
  },
  {
    name: 'transport',
    type: 'string',
    meaning: 'how the answer streamed while Chat Lens watched: sse or websocket; null when only loaded',
  },
] as const;

const QUERY_COLUMNS = [
  { name: 'query', type: 'string', meaning: 'a query the model ran' },
  {
    name: 'query_kind',
    type: 'string',
    meaning: 'search, open (a page opened) or product (a product look-up)',
  },
  { name: 'query_order', type: 'integer', meaning: "the query's place among the turn's queries, from 0" },
] as const;

const PAGE_COLUMNS = [
  { name: 'page_url', type: 'string', meaning: 'a web page the search returned or the answer cited' },
  { name: 'page_domain', type: 'string', meaning: "the page's domain, without www." },
  { name: 'page_title', type: 'string', meaning: "the page's title" },
  {
    name: 'page_rank',
    type: 'integer',
    meaning: 'its place, from 1, in the results of the search that returned it; null when only cited',
  },
  { name: 'retrieved', type: 'boolean', meaning: 'the search returned the page' },
  { name: 'cited', type: 'boolean', meaning: 'the answer cited the page' },
  {
    name: 'citations',
    type: 'integer',
    meaning: 'how often the answer cites the page (its citation markers; at least 1 when cited)',
  },
  {
    name: 'page_row',
    type: 'boolean',
    meaning:
      "true on exactly one row of each page of a turn (its first), so that counting rows where page_row counts each page once, however many queries it pairs with; false on the page's other rows and on rows without a page",
  },
] as const;

const COLUMNS = [...TURN_COLUMNS, ...QUERY_COLUMNS, ...PAGE_COLUMNS] as const;

/** The features' columns of a turn (`Feature.library`), after the table's own: columns are only added at the end. */
const FEATURE_COLUMNS = FEATURE_TURN_COLUMNS.flatMap((part) => part.columns);

const JOINED_COLUMNS: readonly [...typeof COLUMNS, ...TableColumn[]] = [...COLUMNS, ...FEATURE_COLUMNS];

const featureCells = (turn: LibraryTurn): TableRow =>
  Object.assign({}, ...FEATURE_TURN_COLUMNS.map((part) => part.cells(turn)));

const NO_QUERY: RowOf<typeof QUERY_COLUMNS> = { query: null, query_kind: null, query_order: null };

const queryCells = (query: LibraryQuery): RowOf<typeof QUERY_COLUMNS> => ({
  query: query.text,
  query_kind: query.kind,
  query_order: query.order,
});

const NO_PAGE: RowOf<typeof PAGE_COLUMNS> = {
  page_url: null,
  page_domain: null,
  page_title: null,
  page_rank: null,
  retrieved: null,
  cited: null,
  citations: null,
  page_row: false,
};

const pageCells = (page: LibraryPage, pageRow: boolean): RowOf<typeof PAGE_COLUMNS> => ({
  page_url: page.url,
  page_domain: page.domain,
  page_title: page.title,
  page_rank: page.rank,
  retrieved: page.retrieved,
  cited: page.cited,
  citations: page.citations,
  page_row: pageRow,
});

const turnCells = (conversation: LibraryConversation, turn: LibraryTurn): RowOf<typeof TURN_COLUMNS> => ({
  ...conversationCells(conversation),
  conversation_created: conversation.createdAt,
  conversation_updated: conversation.updatedAt,
  turn_index: turn.index,
  turn_at: turn.at,
  prompt: turn.prompt,
  model: turn.model,
  searched: turn.searched,
  transport: turn.transport,
});

/**
 * A search call that ran several queries returns one list of results, so a page is paired with each search
 * query of the call that found it (`foundBy`); only search queries find pages.
 */
const pagesFoundBy = (turn: LibraryTurn, query: LibraryQuery): LibraryPage[] =>
  query.kind === 'search' ? turn.pages.filter((page) => page.foundBy.includes(query.text)) : [];

/**
 * One turn's rows (export-format "Library tables"): each query with each page it found, a query that found
 * none alone, a page no listed query found alone, and a turn with a prompt and neither as one row, so the
 * answers written without a search are counted too.
 */
function* turnRows(
  conversation: LibraryConversation,
  turn: LibraryTurn,
): Generator<RowOf<typeof JOINED_COLUMNS>> {
  const turnPart = turnCells(conversation, turn);
  const featurePart = featureCells(turn);
  const paired = new Set<LibraryPage>();
  const row = (
    queryPart: RowOf<typeof QUERY_COLUMNS>,
    page: LibraryPage | null,
  ): RowOf<typeof JOINED_COLUMNS> => {
    const pagePart = page === null ? NO_PAGE : pageCells(page, !paired.has(page));
    if (page !== null) paired.add(page);
    return { ...turnPart, ...queryPart, ...pagePart, ...featurePart };
  };
  for (const query of turn.queries) {
    const found = pagesFoundBy(turn, query);
    if (found.length === 0) yield row(queryCells(query), null);
    for (const page of found) yield row(queryCells(query), page);
  }
  for (const page of turn.pages) if (!paired.has(page)) yield row(NO_QUERY, page);
  if (turn.queries.length === 0 && turn.pages.length === 0) yield row(NO_QUERY, null);
}

/** Conversation × turn × query × page: what was asked, what the model searched, and what it read and cited. */
export const JOINED_TABLE = libraryTable({
  name: 'joined',
  grain: 'one row per conversation × turn × query × page',
  columns: JOINED_COLUMNS,
  dataset: {
    version: Math.max(1, ...FEATURE_TURN_COLUMNS.map((part) => part.since)),
    monthFrom: ['turn_at', 'conversation_created'],
  },
  *rowsOf(conversation: LibraryConversation) {
    for (const turn of conversation.turns) {
      // What comes before the first prompt (the system context) is no question, unless it ran a search.
      if (turn.prompt === null && turn.queries.length === 0 && turn.pages.length === 0) continue;
      yield* turnRows(conversation, turn);
    }
  },
});
