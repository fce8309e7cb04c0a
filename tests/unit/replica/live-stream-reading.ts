/**
 * Reading the replica's live answer streams (site-interface 10.6) as written, for the tests: each event's
 * data line exactly as sent, the comments before it, and what it is.
 */

/** One event of an SSE text: its `event:` name, its data line as sent (spaces kept), comments before it. */
export interface WrittenEvent {
  event: string | null;
  data: string;
  comments: string[];
}

/** The whole events of an SSE text, in order; a last event without its blank line is left out. */
export function writtenEvents(text: string): WrittenEvent[] {
  const whole = text.slice(0, text.lastIndexOf('\n\n') + 2);
  const events: WrittenEvent[] = [];
  let comments: string[] = [];
  for (const block of whole.split('\n\n')) {
    let event: string | null = null;
    let data: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line);
      else if (line.startsWith('event: ')) event = line.slice('event: '.length);
      else if (line.startsWith('data: ')) data = line.slice('data: '.length);
    }
    if (data === null) continue;
    events.push({ event, data, comments });
    comments = [];
  }
  return events;
}

export type JsonObject = Record<string, unknown>;

/** The event's data as JSON; null for `[DONE]`. */
export const dataOf = (written: WrittenEvent): unknown =>
  written.data.trim() === '[DONE]' ? null : JSON.parse(written.data);

/** The message a delta opens (an `add` at "", or a bare `v` holding one); null for any other event. */
export function openedMessage(written: WrittenEvent): JsonObject | null {
  const record = dataOf(written) as JsonObject | null;
  if (record === null || typeof record !== 'object' || record.type !== undefined) return null;
  const opens = (record.p === '' && record.o === 'add') || (record.p === undefined && record.o === undefined);
  const value = record.v as { message?: JsonObject } | undefined;
  return opens && typeof value?.message === 'object' ? value.message : null;
}

/**
 * What an event is, for checking the order of a stream: the encoding, a typed record (a marker by its
 * name), a message opened (its author and recipient), [DONE]; null for the deltas that grow a message.
 */
export function milestone(written: WrittenEvent): string | null {
  if (written.event === 'delta_encoding') return 'delta_encoding';
  const record = dataOf(written) as JsonObject | null;
  if (record === null) return '[DONE]';
  if (record.type === 'message_marker') return `marker ${String(record.marker)}`;
  if (typeof record.type === 'string') return record.type;
  const message = openedMessage(written);
  if (message === null) return null;
  const author = message.author as { role: string; name: string | null };
  const tool = author.name === null ? '' : `(${author.name})`;
  return `open ${author.role}${tool} to ${String(message.recipient)}`;
}

export const milestones = (events: readonly WrittenEvent[]): string[] =>
  events.flatMap((written) => {
    const named = milestone(written);
    return named === null ? [] : [named];
  });

/** The deltas that grow a message (not those that open one), as records. */
export const growingDeltas = (events: readonly WrittenEvent[]): JsonObject[] =>
  events.flatMap((written) =>
    written.event === 'delta' && openedMessage(written) === null ? [dataOf(written) as JsonObject] : [],
  );

export interface TopicStream {
  /** The `encoded_item`s of the topic's stream items in order, each once (catch-ups repeat some). */
  items: string[];
  /** How many stream items arrived in all, repeats included. */
  received: number;
  done: boolean;
}

/** The stream of one topic from the WebSocket frames of the live form (site-interface 10.1). */
export function topicStream(frames: readonly string[], topicId: string): TopicStream {
  const seen = new Set<string>();
  const stream: TopicStream = { items: [], received: 0, done: false };
  const take = (message: JsonObject): void => {
    if (message.topic_id !== topicId) return;
    const item = (message.payload as { payload?: JsonObject } | undefined)?.payload;
    if (item?.type === 'done') stream.done = true;
    if (item?.type !== 'stream-item') return;
    stream.received += 1;
    const id = String(item.stream_item_id);
    if (seen.has(id)) return;
    seen.add(id);
    stream.items.push(String(item.encoded_item));
  };
  for (const frame of frames) {
    for (const entry of JSON.parse(frame) as JsonObject[]) {
      const reply = entry.reply as { catchups?: JsonObject[] } | undefined;
      for (const message of entry.type === 'reply' ? (reply?.catchups ?? []) : [entry]) take(message);
    }
  }
  return stream;
}
