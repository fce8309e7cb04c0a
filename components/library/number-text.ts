import { countText } from '@/lib/model/count-text';

export { countOf, countText } from '@/lib/model/count-text';

/** Shares as the page writes them: in English, like the rest of its words. */
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** 0.4215 → "42.2%" */
export const shareText = (share: number): string => PERCENT.format(share);

/** "1,234 of 100,000": how many rows a filter keeps. */
export const ofText = (shown: number, total: number): string => `${countText(shown)} of ${countText(total)}`;
