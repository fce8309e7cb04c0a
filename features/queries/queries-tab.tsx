import type { GridColumn } from '@/components/library/shared/VirtualTable';
import { conversationColumn, dayColumn, textColumn } from '@/components/library/tables/shared-columns';
import { tableTab } from '@/components/library/tables/TableTab';
import type { QueryGridRow } from './queries-grid';

/** The Queries tab's columns: what was searched, for which prompt, where and when. */
export const QUERY_COLUMNS: readonly GridColumn<QueryGridRow>[] = [
  textColumn<QueryGridRow>('query', 'Query', 'minmax(12rem, 3fr)'),
  { id: 'kind', label: 'Kind', width: '5.5rem', cell: (row) => row.kind, sortBy: 'kind' },
  textColumn<QueryGridRow>('prompt', 'Prompt', 'minmax(10rem, 2fr)'),
  conversationColumn<QueryGridRow>('minmax(9rem, 2fr)'),
  {
    id: 'turn',
    label: 'Turn',
    width: '4rem',
    cell: (row) => row.turnIndex,
    sortBy: 'turnIndex',
    numeric: true,
  },
  dayColumn<QueryGridRow>(),
  textColumn<QueryGridRow>('model', 'Model', 'minmax(6rem, 1fr)'),
];

/** The library page's Queries tab: every search query the answers ran. */
export const QUERIES_TAB = tableTab({
  table: 'queries',
  label: 'Queries',
  columns: QUERY_COLUMNS,
  rowsOf: (tables, filter) => tables.queries(filter),
  textHint: "Words in a query, its prompt or its conversation's title",
  noun: ['query', 'queries'],
  empty: 'No answer in the library ran a query yet.',
  minWidth: '60rem',
});
