/** Numbers as the page writes them: in English, like the rest of its words. */
const WHOLE = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** 12345 → "12,345" */
export const countText = (count: number): string => WHOLE.format(count);

/** 0.4215 → "42.2%" */
export const shareText = (share: number): string => PERCENT.format(share);

/** "1,234 of 100,000": how many rows a filter keeps. */
export const ofText = (shown: number, total: number): string => `${countText(shown)} of ${countText(total)}`;

/** "1 conversation", "2,000 conversations" */
export const countOf = (count: number, one: string, many: string): string =>
  `${countText(count)} ${count === 1 ? one : many}`;
