import { type AdTableRow, accountAdRows, adRows } from '@/features/ads/page-tables-ads';
import { type OfferTableRow, offerRows } from '@/features/offers/page-tables-offers';
import { type QueryTableRow, queryTableRows } from '@/features/queries/page-tables-queries';
import { type PageTableRow, pageOccurrences, pageRows } from '@/features/sources/page-tables-pages';
import type { LibraryFilter } from './library-filter';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { tableConversationOf } from './page-tables-conversation';
import { flatTable, ScopedTable } from './scoped-table';
import { compareText } from './sort-rows';

export type { AdTableRow } from '@/features/ads/page-tables-ads';
export type { OfferTableRow } from '@/features/offers/page-tables-offers';
export type { QueryTableRow } from '@/features/queries/page-tables-queries';
export type { PageTableRow } from '@/features/sources/page-tables-pages';
export { type LibraryFilter, NO_FILTER } from './library-filter';
export type { ConversationColumns } from './page-tables-conversation';
export { type SortDirection, sortRows } from './sort-rows';

/** The library page's four tables over the records of one load, and what their filters offer. */
export interface LibraryTables {
  queries(filter: LibraryFilter): QueryTableRow[];
  pages(filter: LibraryFilter): PageTableRow[];
  ads(filter: LibraryFilter): AdTableRow[];
  offers(filter: LibraryFilter): OfferTableRow[];
  /** Every model that answered, in reading order. */
  models: string[];
  /** Every conversation, by title in reading order, untitled ones last. */
  conversations: Array<{ id: string; title: string | null }>;
}

function modelsOf(records: readonly LibraryConversation[]): string[] {
  const models = new Set<string>();
  for (const record of records) {
    for (const model of record.models) models.add(model);
    for (const turn of record.turns) if (turn.model !== null) models.add(turn.model);
  }
  return [...models].sort(compareText);
}

const untitledLast = (title: string | null): number => (title === null ? 1 : 0);

const conversationsOf = (records: readonly LibraryConversation[]): LibraryTables['conversations'] =>
  records
    .map(({ id, title }) => ({ id, title }))
    .sort(
      (a, b) =>
        untitledLast(a.title) - untitledLast(b.title) ||
        compareText(a.title ?? '', b.title ?? '') ||
        compareText(a.id, b.id),
    );

/**
 * The tables, built once per load (architecture "The library"): every row and its search text now, so a
 * filter costs one pass; the page table's sums once per scope.
 */
export function libraryTables(
  records: readonly LibraryConversation[],
  account: LibraryAccount | null = null,
): LibraryTables {
  const conversations = records.map((record) => ({ record, conversation: tableConversationOf(record) }));
  const queries = flatTable(
    conversations.flatMap(({ record, conversation }) => queryTableRows(record, conversation)),
  );
  const ads = flatTable([
    ...conversations.flatMap(({ record, conversation }) => adRows(record, conversation)),
    ...accountAdRows(account),
  ]);
  const offers = flatTable(
    conversations.flatMap(({ record, conversation }) => offerRows(record, conversation)),
  );
  const occurrences = conversations.flatMap(({ record, conversation }) =>
    pageOccurrences(record, conversation),
  );
  const pages = new ScopedTable((filter) => pageRows(occurrences, filter));
  return {
    queries: (filter) => queries.rows(filter),
    pages: (filter) => pages.rows(filter),
    ads: (filter) => ads.rows(filter),
    offers: (filter) => offers.rows(filter),
    models: modelsOf(records),
    conversations: conversationsOf(records),
  };
}
