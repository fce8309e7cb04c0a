const DAY_MS = 86_400_000;

/**
 * The week a moment falls in, named by its Monday in UTC ("2026-11-23"): weeks by ISO 8601's rule, in UTC
 * so that one library reads the same in every time zone. null for an unknown moment.
 */
export function weekOf(ms: number | null): string | null {
  if (ms === null || !Number.isFinite(ms)) return null;
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

const WEEK_MS = 7 * DAY_MS;

/** A week's Monday as epoch milliseconds; NaN for a name that is no date. */
export const mondayMs = (week: string): number => Date.parse(`${week}T00:00:00Z`);

/**
 * Every week from the earliest of `weeks` to the latest, oldest first, those between included: a chart
 * or a table by week shows the weeks with nothing too. Names that are no date are passed over.
 */
export function weekRange(weeks: Iterable<string>): string[] {
  const mondays = [...weeks].map(mondayMs).filter((monday) => !Number.isNaN(monday));
  if (mondays.length === 0) return [];
  const range: string[] = [];
  for (let monday = Math.min(...mondays); monday <= Math.max(...mondays); monday += WEEK_MS)
    range.push(new Date(monday).toISOString().slice(0, 10));
  return range;
}

/** Two or more weeks in a row with nothing, as one line of a table: how many, the first and the last. */
export interface EmptyWeeks {
  weeks: number;
  first: string;
  last: string;
}

/** An item of a table by week, or a run of empty weeks folded into one line. */
export type FoldedWeek<Item> = { item: Item } | { empty: EmptyWeeks };

/**
 * Items by week, in either order, with each run of two or more empty ones folded into one `EmptyWeeks`
 * (first and last by date, whatever the order): a table by week keeps its rows with something, and a long
 * quiet stretch takes one line. A single empty week stays as it is.
 */
export function foldEmptyWeeks<Item extends { week: string }>(
  items: readonly Item[],
  isEmpty: (item: Item) => boolean,
): FoldedWeek<Item>[] {
  const folded: FoldedWeek<Item>[] = [];
  let run: Item[] = [];
  const closeRun = (): void => {
    if (run.length >= 2) {
      const names = run.map((item) => item.week).sort();
      folded.push({ empty: { weeks: run.length, first: names[0] ?? '', last: names.at(-1) ?? '' } });
    } else folded.push(...run.map((item) => ({ item })));
    run = [];
  };
  for (const item of items) {
    if (isEmpty(item)) run.push(item);
    else {
      closeRun();
      folded.push({ item });
    }
  }
  closeRun();
  return folded;
}
