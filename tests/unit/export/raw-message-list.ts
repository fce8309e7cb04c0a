/**
 * A messages-format list built step by step, for the transcript's property tests: each message gets the next
 * id (`m0`, `m1`…), `extra` adding or replacing members (`name` is the author's).
 */
export function rawMessageList() {
  const raw: Record<string, unknown>[] = [];
  const add = (role: string, content: unknown, extra: Record<string, unknown> = {}): void => {
    raw.push({
      id: `m${raw.length}`,
      author: { role, name: extra.name ?? null },
      content,
      recipient: 'all',
      ...extra,
    });
  };
  const text = (words: string) => ({ content_type: 'text', parts: [words] });
  return { raw, add, text };
}

/** A word no other step's text holds, to count in the Markdown. */
export const token = (kind: string, index: number) => `zq${kind}${index}qz`;
