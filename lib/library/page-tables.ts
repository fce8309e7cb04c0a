import { accountAdRows, adRows } from '@/features/ads/page-tables-ads';
import { offerRows } from '@/features/offers/page-tables-offers';
import { queryTableRows } from '@/features/queries/page-tables-queries';
import { pageOccurrences, pageRows } from '@/features/sources/page-tables-pages';
import type { LibraryFilter } from './library-filter';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { type TableConversation, tableConversationOf } from './page-tables-conversation';
import { flatTable, ScopedTable } from './scoped-table';
import { compareText } from './sort-rows';

export { type LibraryFilter, NO_FILTER } from './library-filter';
export type { ConversationColumns } from './page-tables-conversation';
export { type SortDirection, sortRows } from './sort-rows';

/** A record read for the page's tables, with what each of its rows repeats of its conversation. */
interface TableRecord {
  record: LibraryConversation;
  conversation: TableConversation;
}

/**
 * The library page's tables, each built once per load from the records and the account's (architecture
 * "The library"): every row and its search text now, so a filter costs one pass; the page table's sums once
 * per scope. `LibraryTables` and `libraryTables` read this list alone.
 */
const PAGE_TABLES = {
  queries: (records: readonly TableRecord[]) =>
    flatTable(records.flatMap(({ record, conversation }) => queryTableRows(record, conversation))),
  pages: (records: readonly TableRecord[]) => {
    const occurrences = records.flatMap(({ record, conversation }) => pageOccurrences(record, conversation));
    return new ScopedTable((filter) => pageRows(occurrences, filter));
  },
  ads: (records: readonly TableRecord[], account: LibraryAccount | null) =>
    flatTable([
      ...records.flatMap(({ record, conversation }) => adRows(record, conversation)),
      ...accountAdRows(account),
    ]),
  offers: (records: readonly TableRecord[]) =>
    flatTable(records.flatMap(({ record, conversation }) => offerRows(record, conversation))),
};

type PageTableName = keyof typeof PAGE_TABLES;
type RowOfPageTable<Name extends PageTableName> =
  ReturnType<(typeof PAGE_TABLES)[Name]> extends ScopedTable<infer Row> ? Row : never;

/** The library page's tables over the records of one load, and what their filters offer. */
export type LibraryTables = { [Name in PageTableName]: (filter: LibraryFilter) => RowOfPageTable<Name>[] } & {
  /** Every model that answered, in reading order. */
  models: string[];
  /** Every conversation, by title in reading order, untitled ones last. */
  conversations: Array<{ id: string; title: string | null }>;
};

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

/** The tables over the records of one load (PAGE_TABLES). */
export function libraryTables(
  records: readonly LibraryConversation[],
  account: LibraryAccount | null = null,
): LibraryTables {
  const read = records.map((record) => ({ record, conversation: tableConversationOf(record) }));
  const tables = Object.fromEntries(
    Object.entries(PAGE_TABLES).map(([name, build]) => {
      const table: ScopedTable<unknown> = build(read, account);
      return [name, (filter: LibraryFilter) => table.rows(filter)];
    }),
  ) as Omit<LibraryTables, 'models' | 'conversations'>;
  return { ...tables, models: modelsOf(records), conversations: conversationsOf(records) };
}
