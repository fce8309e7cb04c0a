import type { ProportionInterval } from '@/lib/library/proportion-interval';
import { countText } from '@/lib/model/count-text';

export { countOf, countText } from '@/lib/model/count-text';

/** Shares as the page writes them: in English, like the rest of its words. */
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** 0.4215 → "42.2%" */
export const shareText = (share: number): string => PERCENT.format(share);

/** A share beside its interval, both to a tenth of a percent so the two read alike. */
const TENTHS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const tenths = (fraction: number): string => TENTHS.format(fraction * 100);

/** 0.3 within 0.1078–0.6032 → "30.0% (10.8–60.3%)" */
export const shareIntervalText = (share: number, { low, high }: ProportionInterval): string =>
  `${tenths(share)}% (${tenths(low)}–${tenths(high)}%)`;

/** "1,234 of 100,000": a part of a whole (the rows a filter keeps, the answers that cite a brand). */
export const ofText = (shown: number, total: number): string => `${countText(shown)} of ${countText(total)}`;
