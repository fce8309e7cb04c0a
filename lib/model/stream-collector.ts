import type { AnswerStreamEvent } from '@/lib/capture/page-event';
import type { StreamItem } from '@/lib/capture/stream-frame';

/** Topics and item ids remembered per tab: a long chat must not grow them without end. */
const MAX_REMEMBERED = 2_000;

/** Adds to a Set or sets in a Map, forgetting the oldest entry beyond MAX_REMEMBERED. */
function remember<K>(collection: Set<K> | Map<K, string>, key: K, value = ''): void {
  if (collection instanceof Map) collection.set(key, value);
  else collection.add(key);
  if (collection.size > MAX_REMEMBERED) collection.delete(collection.keys().next().value as K);
}

/**
 * Ties the answer streams a tab sees to their conversations as they arrive, by the rule of
 * observeTransports (lib/insights/transport.ts): the conversation an item names, else the one whose
 * stream_handoff named its topic (the live topic names a turn, not the conversation), else the page's.
 * A catch-up replays an item with its id: it is new only once.
 */
export class TabStreams {
  readonly #topicOwners = new Map<string, string>();
  readonly #seenItems = new Set<string>();

  noteAnswerStream(event: AnswerStreamEvent): void {
    if (event.conversationId === null) return;
    for (const topic of event.handoffTopics) remember(this.#topicOwners, topic, event.conversationId);
  }

  /** The conversation the item belongs to, or null when neither it, its topic nor the page names one. */
  ownerOf(item: StreamItem, pageConversationId: string | null): string | null {
    const byTopic = item.topicId === null ? undefined : this.#topicOwners.get(item.topicId);
    const owner = item.conversationId ?? byTopic ?? pageConversationId;
    if (owner !== null && item.topicId !== null && byTopic === undefined) {
      remember(this.#topicOwners, item.topicId, owner);
    }
    return owner;
  }

  /** True the first time an answer item is seen; a catch-up replay or a 'done' item is not new. */
  isNewAnswerItem(item: StreamItem, owner: string): boolean {
    if (item.kind !== 'stream-item') return false;
    if (item.streamItemId === null) return true;
    const key = JSON.stringify([owner, item.topicId, item.streamItemId]);
    if (this.#seenItems.has(key)) return false;
    remember(this.#seenItems, key);
    return true;
  }
}
