import { stringOrNull } from './json-shape';
import { withoutSecrets } from './stream-secrets';

/**
 * One answer item of a WebSocket frame (site-interface 6, site-interface 10.1): what ties it to its turn,
 * and its SSE text with any resume token dropped (architecture "Secrets"). The conversation it belongs to
 * is read from that text, the frame's topic or the page (lib/model/stream-collector.ts).
 */
export interface StreamItem {
  /** 'done' ends a turn's stream (live form); it carries no answer. */
  kind: 'stream-item' | 'done';
  /** The live form's topic, conversation-turn-<turn id>: it names a turn, not the conversation. */
  topicId: string | null;
  /** The same item replayed by a catch-up repeats it; null where the frame names none. */
  streamItemId: string | null;
  /** The item's SSE text: the live form's `encoded_item`, or the document form's `data` as one event. */
  text: string;
}

/**
 * The answer items of one WebSocket frame, in both forms: the document's plain object
 * `{"type":"stream-item","conversation_id",…}` (site-interface 6), and the live site's array of topic
 * messages `[{"type":"message","topic_id","payload":{"type":"conversation-turn-stream","payload":
 * {"type":"stream-item"|"done","stream_item_id","encoded_item"}}}]`, whose subscribe replies carry the
 * same messages as `reply.catchups` (site-interface 10.1). Any other frame gives no item.
 */
export function readStreamFrame(text: string): StreamItem[] {
  const items: StreamItem[] = [];
  // Runs in the page for every frame of every socket: most are neither form, so skip them unparsed.
  // (A binary frame, given as is, reads as "[object Blob]": no item.)
  if (/stream-item|turn-stream/.test(text)) {
    try {
      // The reviver meets each item before the topic message around it, which names its topic.
      JSON.parse(text, (key, value) => {
        // Object() reads a missing or primitive value as one without members.
        const { type, topic_id, stream_item_id, encoded_item, data }: Record<string, unknown> = Object(value);
        const topic = stringOrNull(topic_id);
        // 'done' only as the payload of a turn stream: other sockets may say "done" too.
        if (type === 'stream-item' || (type === 'done' && key === 'payload')) {
          items.push({
            kind: type,
            topicId: topic,
            streamItemId: stringOrNull(stream_item_id),
            text: withoutSecrets(
              stringOrNull(encoded_item) ?? (data === undefined ? '' : `data: ${JSON.stringify(data)}\n\n`),
            ),
          });
        } else if (topic) {
          for (const item of items) item.topicId ??= topic;
        }
        return value;
      });
    } catch {
      // Not JSON: no item.
    }
  }
  return items;
}
