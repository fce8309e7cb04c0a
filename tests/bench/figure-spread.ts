import type { FigureTarget } from '@/tests/support/figure-targets';
import { median } from '@/tests/support/statistics';

/**
 * A figure measured over repeated runs (`npm run bench -- --repeat N`, benchmarks "Repeated runs"): the
 * median the JSON reports as the figure, the worst run, and every run's value in the order they ran.
 */
export interface FigureSpread {
  median: number;
  /** The run furthest on the wrong side of the figure's target; null when it has no target, so no wrong side. */
  worst: number | null;
  runs: number[];
}

/**
 * The run furthest on the wrong side of `target`: the highest for "≤", the lowest for "≥", the furthest from
 * it either way for "=" (the first of two as far). Null for a figure without a target, or for no runs.
 */
export function worstRun(values: readonly number[], target: FigureTarget): number | null {
  if (target === null || values.length === 0) return null;
  if ('atMost' in target) return Math.max(...values);
  if ('atLeast' in target) return Math.min(...values);
  const { exactly } = target;
  return values.reduce((worst, value) =>
    Math.abs(value - exactly) > Math.abs(worst - exactly) ? value : worst,
  );
}

/** The spread of a figure's values over its runs; of an even count, the median is the mean of the middle two. */
export const spreadOf = (values: readonly number[], target: FigureTarget): FigureSpread => ({
  median: median([...values]),
  worst: worstRun(values, target),
  runs: [...values],
});
