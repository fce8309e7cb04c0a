import { seededRandom } from '@/tests/replica/fixtures/random';

/** The statistics the benchmarks report their timings with. */

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/**
 * The mean of what is left once `cut` of the values at each end are dropped: robust against the odd
 * stalled call like a median, yet an average, so it resolves differences finer than the values' own step
 * (a page's clock moves in 0.1 ms steps).
 */
export const trimmedMean = (values: number[], cut: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const drop = Math.floor(sorted.length * cut);
  const kept = sorted.slice(drop, sorted.length - drop);
  return kept.length === 0 ? Number.NaN : kept.reduce((sum, value) => sum + value, 0) / kept.length;
};

/** Where a figure of one run may lie: `low` to `high`, at the `level` it was drawn for. */
export interface Interval {
  low: number;
  high: number;
  /** The share of the resampled figures inside it: 0.9. */
  level: number;
}

const INTERVAL_LEVEL = 0.9;
const INTERVAL_DRAWS = 2000;

/**
 * How sure one run's ratio of two medians is (benchmarks "How sure one run is"): a percentile bootstrap,
 * each side's timings drawn again with replacement, the ratio of the drawn medians taken 2,000 times, and
 * the middle 90% of them kept. The draws are seeded, so the same timings always give the same interval. A
 * target inside it is one the run cannot tell met from missed.
 */
export function medianRatioInterval(subject: readonly number[], baseline: readonly number[]): Interval {
  if (subject.length === 0 || baseline.length === 0)
    return { low: Number.NaN, high: Number.NaN, level: INTERVAL_LEVEL };
  const random = seededRandom(0x5eed);
  const drawn = (values: readonly number[]) =>
    values.map(() => values[random.int(0, values.length - 1)] ?? Number.NaN);
  const ratios = Array.from(
    { length: INTERVAL_DRAWS },
    () => median(drawn(subject)) / median(drawn(baseline)),
  );
  ratios.sort((a, b) => a - b);
  const tail = Math.floor((INTERVAL_DRAWS * (1 - INTERVAL_LEVEL)) / 2);
  const kept = (value: number | undefined) => Number((value ?? Number.NaN).toFixed(3));
  return { low: kept(ratios[tail]), high: kept(ratios[INTERVAL_DRAWS - 1 - tail]), level: INTERVAL_LEVEL };
}

/** An interval as a figure's row shows it: "90% interval 1.380 to 1.600". */
export const intervalText = ({ low, high, level }: Interval): string =>
  `${Math.round(level * 100)}% interval ${low.toFixed(3)} to ${high.toFixed(3)}`;
