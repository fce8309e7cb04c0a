/** A 95% interval around a share, as fractions of one. */
export interface ProportionInterval {
  low: number;
  high: number;
}

/** The normal quantile of a two-sided 95% interval. */
const Z = 1.96;

/**
 * The Wilson score interval of `successes` out of `trials` at 95%: unlike the normal one it stays within 0
 * and 1 and does not shrink to nothing at a share of 0 or 1, so a handful of answers reads as uncertain as
 * it is. null when there was nothing to count.
 */
export function wilsonInterval(successes: number, trials: number): ProportionInterval | null {
  if (trials <= 0) return null;
  const share = successes / trials;
  const zz = Z * Z;
  const scale = 1 + zz / trials;
  const centre = (share + zz / (2 * trials)) / scale;
  const half = (Z / scale) * Math.sqrt((share * (1 - share)) / trials + zz / (4 * trials * trials));
  // Rounding may step a hair past the bounds at a share of 0 or 1.
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Whether the interval is wider than the share it surrounds: the answers are too few for the share to say
 * much, and the library page asks for more conversations.
 */
export const widerThanShare = ({ low, high }: ProportionInterval, share: number): boolean =>
  high - low > share;
