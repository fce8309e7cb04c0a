/** Counts as Chat Lens writes them everywhere: in English, like the rest of its words. */
const WHOLE = new Intl.NumberFormat('en-US');

/** 12345 → "12,345" */
export const countText = (count: number): string => WHOLE.format(count);

/** "1 conversation", "2,000 conversations": a count and its noun, for messages, views and summaries. */
export const countOf = (count: number, one: string, many = `${one}s`): string =>
  `${countText(count)} ${count === 1 ? one : many}`;
