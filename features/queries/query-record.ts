import * as v from 'valibot';
import type { TurnPages } from '@/features/sources/page-record';
import type { KeptConversation, KeptTurn } from '@/lib/library/kept-record';
import { itemOf, listOf, namesOf, whole } from '@/lib/library/record-schema';
import type { QueryKind, SearchQuery } from './queries';
import { shownQueryText } from './shown-query';

/** Typed as a record so that a kind added to the model does not compile until it is read. */
const QUERY_KINDS: Record<QueryKind, true> = { search: true, open: true, product: true };

/** A query as the library keeps it; one without its text or of an unknown kind says nothing an analyst can count. */
const KEPT_QUERY = v.object({
  text: v.string(),
  kind: v.picklist(namesOf(QUERY_KINDS)),
  /** Its place among the turn's queries, from 0; its place in the stored list when missing. */
  order: whole,
});

export type LibraryQuery = Omit<v.InferOutput<typeof KEPT_QUERY>, 'order'> & { order: number };

/** The queries' member of a kept turn (lens/library/library-record.ts adds it to every turn). */
export interface TurnQueries {
  queries: LibraryQuery[];
}

/** What the queries' code reads of a kept turn: its queries, and the pages they found. */
export type QueriesTurn = KeptTurn & TurnQueries & TurnPages;
/** What the queries' code reads of a kept conversation. */
export type QueriesConversation = KeptConversation<QueriesTurn>;

/** The queries of a kept turn: those that read, each in its place. */
export const KEPT_QUERIES = listOf((stored, place): LibraryQuery | null => {
  const query = itemOf(KEPT_QUERY)(stored);
  return query === null ? null : { ...query, order: query.order ?? place };
});

/** A query of the inspection as the library keeps it, as shown (shown-query.ts). */
export const keptQueryOf = (query: SearchQuery, order: number): LibraryQuery => ({
  text: shownQueryText(query),
  kind: query.kind,
  order,
});
