/** "1 conversation", "2 conversations": a count and its word, for messages and summaries. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
