import { FEATURE_GRIDS, type FeatureGrids } from '@/features/index';
import { type GridRecord, gridConversationOf } from '@/lib/library/grid-conversation';
import type { LibraryFilter } from '@/lib/library/library-filter';
import type { ScopedGrid } from '@/lib/library/scoped-grid';
import { compareText } from '@/lib/library/sort-rows';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { modelsAnswering } from './model-scope';

export type { ConversationColumns } from '@/lib/library/grid-conversation';
export { type LibraryFilter, NO_FILTER } from '@/lib/library/library-filter';
export { type SortDirection, sortRows } from '@/lib/library/sort-rows';

type GridName = keyof FeatureGrids;

/** Every feature's grid, as built over the whole kept records: each reads as much of them as it needs. */
const BUILDERS: Record<
  GridName,
  (records: readonly GridRecord<LibraryConversation>[], account: LibraryAccount | null) => ScopedGrid<unknown>
> = FEATURE_GRIDS;

type RowOfGrid<Name extends GridName> =
  ReturnType<FeatureGrids[Name]> extends ScopedGrid<infer Row> ? Row : never;

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

/**
 * The library page's grids over the records of one load (architecture "The library"): every feature's
 * (features/index.ts), each built once, with every row and its search text, so a filter costs one pass;
 * the sources' sums once per scope.
 */
export function libraryGrids(
  records: readonly LibraryConversation[],
  account: LibraryAccount | null = null,
): LibraryGrids {
  const read: GridRecord<LibraryConversation>[] = records.map((record) => ({
    record,
    conversation: gridConversationOf(record),
  }));
  const grids = Object.fromEntries(
    Object.entries(BUILDERS).map(([name, build]) => {
      const grid = build(read, account);
      return [name, (filter: LibraryFilter) => grid.rows(filter)];
    }),
  ) as Omit<LibraryGrids, 'models' | 'conversations'>;
  return { ...grids, models: modelsAnswering(records), conversations: conversationsOf(records) };
}
