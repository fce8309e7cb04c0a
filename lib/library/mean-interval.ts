import type { ProportionInterval } from './proportion-interval';

/** The normal quantile of a two-sided 95% interval, as the shares' (proportion-interval.ts). */
const Z = 1.96;

/**
 * The normal 95% interval of a mean from its count, sum and sum of squares: mean ± 1.96 · s / √n, s the
 * sample standard deviation. It needs no bootstrap, so SQL gives the same figures
 * (analysis "Position in the answer"); with few values it is narrower than a t interval would be. null
 * under two values, whose spread is unknown.
 */
export function meanInterval(count: number, sum: number, sumOfSquares: number): ProportionInterval | null {
  if (count < 2) return null;
  const mean = sum / count;
  // Rounding may leave a hair below 0 when every value is the same.
  const variance = Math.max(0, (sumOfSquares - count * mean * mean) / (count - 1));
  const half = Z * Math.sqrt(variance / count);
  return { low: mean - half, high: mean + half };
}
