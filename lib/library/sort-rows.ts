export type SortDirection = 'ascending' | 'descending';

const collator = new Intl.Collator(undefined, { numeric: true });

/** Text as a reader orders it: by the user's language, "page 2" before "page 10". */
export const compareText = (a: string, b: string): number => collator.compare(a, b);

const isMissing = (value: unknown): boolean => value === null || value === undefined || Number.isNaN(value);

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareText(String(a), String(b));
}

/**
 * The rows ordered by one column, as a new list: rows without a value last in both directions (an unknown
 * date is neither the oldest nor the newest), equal rows in their order.
 */
export function sortRows<T>(rows: readonly T[], column: keyof T, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((first, second) => {
    const a = first[column];
    const b = second[column];
    const aMissing = isMissing(a);
    if (aMissing || isMissing(b)) return aMissing === isMissing(b) ? 0 : aMissing ? 1 : -1;
    return sign * compareValues(a, b);
  });
}
