import { countOf, countText, shareText } from '@/components/library/shared/number-text';
import { NO_VALUE } from '@/components/library/shared/TableCells';

/** A line of a trend chart as the page names it: a brand ("Lodge (you)") or an advertiser. */
export interface ChartLine {
  key: string;
  label: string;
  /** One per week; null is a gap. */
  values: readonly (number | null)[];
  own?: boolean;
  muted?: boolean;
}

/** A trend as its chart, its table and its spoken week read it. */
export interface TrendFigure {
  /** Names the chart and its table ("Citation share by week"). */
  name: string;
  weeks: readonly string[];
  lines: readonly ChartLine[];
  /** The values are shares of 0..1, or counts. */
  kind: 'share' | 'count';
  /** Per week, what the values count against. */
  totals: readonly number[];
  /** The totals' column heading and noun: "Cited pages", "cited page". */
  total: { column: string; one: string };
  /** What a week whose total is 0 says ("No cited page"). */
  nothing: string;
}

export const valueText = (kind: TrendFigure['kind'], value: number | null): string => {
  if (value === null) return NO_VALUE;
  return kind === 'share' ? shareText(value) : countText(value);
};

/**
 * The week a key moves a chart's cursor to among `count` weeks, from `current` (null: none shown yet); null
 * for any other key. Left and Right step without wrapping, Home and End jump; from none, Right and Home
 * start at the first week, Left and End at the last.
 */
export function weekAfterKey(key: string, current: number | null, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return current === null ? 0 : Math.min(current + 1, last);
    case 'ArrowLeft':
      return current === null ? last : Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * What a week of a trend says, in the chart's live region and under it: "Week of 2026-11-02: Lodge (you)
 * 33.3%, Acme 33.3%, of 3 cited pages." A week with nothing says so.
 */
export function weekReadout(figure: TrendFigure, index: number): string {
  const week = figure.weeks[index] ?? '';
  const total = figure.totals[index] ?? 0;
  if (total === 0) return `Week of ${week}: ${figure.nothing}.`;
  const values = figure.lines.map(
    (line) => `${line.label} ${valueText(figure.kind, line.values[index] ?? null)}`,
  );
  return `Week of ${week}: ${values.join(', ')}, of ${countOf(total, figure.total.one)}.`;
}
