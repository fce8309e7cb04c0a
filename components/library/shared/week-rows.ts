import { type EmptyWeeks, foldEmptyWeeks } from '@/lib/library/week';
import { countText } from './number-text';
import type { SmallTableRow } from './SmallTable';

/** How a folded run of empty weeks names itself: "3 weeks, 2026-09-07 to 2026-09-21". */
export const emptyWeeksText = ({ weeks, first, last }: EmptyWeeks): string =>
  `${countText(weeks)} weeks, ${first} to ${last}`;

/**
 * The rows of a table by week, each run of two or more empty weeks folded into one line that says
 * `nothing` across the value columns (lib/library/week.ts). A week's first cell is its name.
 */
export function weekRows<Item extends { week: string }>(
  items: readonly Item[],
  isEmpty: (item: Item) => boolean,
  values: (item: Item) => readonly string[],
  nothing: string,
): SmallTableRow[] {
  return foldEmptyWeeks(items, isEmpty).map((row) =>
    'empty' in row
      ? { key: `${row.empty.first}-${row.empty.last}`, cells: [emptyWeeksText(row.empty)], across: nothing }
      : { key: row.item.week, cells: [row.item.week, ...values(row.item)] },
  );
}
