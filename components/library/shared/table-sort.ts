import type { SortDirection } from '@/lens/library/grids';

/** How a table is ordered: by one column, or in its own order (null). */
export interface TableSort {
  /** The column's id. */
  column: string;
  direction: SortDirection;
}

/**
 * The order after a click on a column's header: the same column flips; another starts with its first
 * direction (numbers and dates largest and newest first, text from A).
 */
export function nextSort(current: TableSort | null, column: string, numeric: boolean): TableSort {
  if (current?.column === column)
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: numeric ? 'descending' : 'ascending' };
}

/** `aria-sort` of a column's header: only the sorted column says one (WAI-ARIA "Sortable Table"). */
export const ariaSortOf = (sort: TableSort | null, column: string): SortDirection | undefined =>
  sort?.column === column ? sort.direction : undefined;
