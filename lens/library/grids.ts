import { accountAdRows, adRows, answerRows } from '@/features/ads/ads-grid';
import { offerRows } from '@/features/offers/offers-grid';
import { queryTableRows } from '@/features/queries/queries-grid';
import { pageOccurrences, pageRows } from '@/features/sources/pages-grid';
import { type GridConversation, gridConversationOf } from '@/lib/library/grid-conversation';
import type { LibraryFilter } from '@/lib/library/library-filter';
import { flatGrid, ScopedGrid } from '@/lib/library/scoped-grid';
import { compareText } from '@/lib/library/sort-rows';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { modelsAnswering } from './model-scope';

export type { ConversationColumns } from '@/lib/library/grid-conversation';
export { type LibraryFilter, NO_FILTER } from '@/lib/library/library-filter';
export { type SortDirection, sortRows } from '@/lib/library/sort-rows';

/** A record read for the page's grids, with what each of its rows repeats of its conversation. */
interface GridRecord {
  record: LibraryConversation;
  conversation: GridConversation;
}

/**
 * The library page's grids, each built once per load from the records and the account's (architecture
 * "The library"): every row and its search text now, so a filter costs one pass; the page table's sums once
 * per scope. `LibraryGrids` and `libraryGrids` read this list alone.
 */
const GRIDS = {
  queries: (records: readonly GridRecord[]) =>
    flatGrid(records.flatMap(({ record, conversation }) => queryTableRows(record, conversation))),
  pages: (records: readonly GridRecord[]) => {
    const occurrences = records.flatMap(({ record, conversation }) => pageOccurrences(record, conversation));
    return new ScopedGrid((filter) => pageRows(occurrences, filter));
  },
  ads: (records: readonly GridRecord[], account: LibraryAccount | null) =>
    flatGrid([
      ...records.flatMap(({ record, conversation }) => adRows(record, conversation)),
      ...accountAdRows(account),
    ]),
  offers: (records: readonly GridRecord[]) =>
    flatGrid(records.flatMap(({ record, conversation }) => offerRows(record, conversation))),
  answers: (records: readonly GridRecord[]) =>
    flatGrid(records.flatMap(({ record, conversation }) => answerRows(record, conversation))),
};

type GridName = keyof typeof GRIDS;
type RowOfGrid<Name extends GridName> =
  ReturnType<(typeof GRIDS)[Name]> extends ScopedGrid<infer Row> ? Row : never;

/** The library page's grids over the records of one load, and what their filters offer. */
export type LibraryGrids = { [Name in GridName]: (filter: LibraryFilter) => RowOfGrid<Name>[] } & {
  /** Every model that answered, in reading order. */
  models: string[];
  /** Every conversation, by title in reading order, untitled ones last. */
  conversations: Array<{ id: string; title: string | null }>;
};

const untitledLast = (title: string | null): number => (title === null ? 1 : 0);

const conversationsOf = (records: readonly LibraryConversation[]): LibraryGrids['conversations'] =>
  records
    .map(({ id, title }) => ({ id, title }))
    .sort(
      (a, b) =>
        untitledLast(a.title) - untitledLast(b.title) ||
        compareText(a.title ?? '', b.title ?? '') ||
        compareText(a.id, b.id),
    );

/** The tables over the records of one load (GRIDS). */
export function libraryGrids(
  records: readonly LibraryConversation[],
  account: LibraryAccount | null = null,
): LibraryGrids {
  const read = records.map((record) => ({ record, conversation: gridConversationOf(record) }));
  const tables = Object.fromEntries(
    Object.entries(GRIDS).map(([name, build]) => {
      const table: ScopedGrid<unknown> = build(read, account);
      return [name, (filter: LibraryFilter) => table.rows(filter)];
    }),
  ) as Omit<LibraryGrids, 'models' | 'conversations'>;
  return { ...tables, models: modelsAnswering(records), conversations: conversationsOf(records) };
}
