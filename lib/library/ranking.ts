/** The order of names that nothing else tells apart: by code unit, the same in every browser and locale. */
export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Most first; equal counts by name. */
export const byCountThenName = (
  a: { name: string; count: number },
  b: { name: string; count: number },
): number => b.count - a.count || compareNames(a.name, b.name);
