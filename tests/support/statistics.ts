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
