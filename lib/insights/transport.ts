/**
 * How the answers of a conversation were streamed (site-interface 6): a WebSocket whose frames of kind
 * stream-item carry the answer, or an SSE response to the submit call (POST /f/conversation).
 */
export type Transport = 'websocket' | 'sse' | 'unknown';

/** What was observed for one conversation. */
export interface TransportObservation {
  /** Distinct answer items that reached a WebSocket for the conversation; a catch-up replay is not new. */
  streamItems: number;
  /** Submit-call SSE bodies that carried an answer themselves. */
  sseAnswers: number;
  /** Submit-call SSE bodies that handed the answer to a WebSocket topic (live form) instead. */
  handoffs: number;
}

export const NOTHING_OBSERVED: TransportObservation = { streamItems: 0, sseAnswers: 0, handoffs: 0 };

/**
 * site-interface 6: at least one stream-item frame -> WebSocket (also when an SSE response exists too); only
 * an SSE response -> SSE; neither -> unknown. A body that only hands the answer off (site-interface 10.2) is
 * no SSE answer: that answer went to the WebSocket, even when no frame of it was recorded.
 */
export function detectTransport(observation: TransportObservation): Transport {
  if (observation.streamItems > 0 || observation.handoffs > 0) return 'websocket';
  if (observation.sseAnswers > 0) return 'sse';
  return 'unknown';
}

/** A WebSocket item as lib/capture reads it from a frame (its content is never kept). */
export interface SeenStreamItem {
  kind: 'stream-item' | 'done';
  topicId: string | null;
  conversationId: string | null;
  streamItemId: string | null;
  /** The conversation the page showed when the frame arrived: the owner when nothing else names one. */
  pageConversationId: string | null;
}

/** A submit-call SSE body as lib/capture reads it. */
export interface SeenAnswerStream {
  conversationId: string | null;
  handoffTopics: readonly string[];
  answered: boolean;
}

export interface TransportObservations {
  byConversation: Map<string, TransportObservation>;
  /** Answer items no conversation could be found for. */
  unattributedItems: number;
}

/**
 * Ties each stream item to its conversation, in this order: the conversation the item names, the one
 * whose stream_handoff named its topic, the one another item of the same topic names (a topic names a
 * turn, not the conversation), else the page's. Frames may come before or after the handoff that
 * explains them (a HAR lists a socket at its opening), so everything is collected first.
 */
export function observeTransports(
  answerStreams: readonly SeenAnswerStream[],
  streamItems: readonly SeenStreamItem[],
): TransportObservations {
  const byConversation = new Map<string, TransportObservation>();
  const observation = (conversationId: string): TransportObservation => {
    let found = byConversation.get(conversationId);
    if (found === undefined) {
      found = { ...NOTHING_OBSERVED };
      byConversation.set(conversationId, found);
    }
    return found;
  };
  const topicOwners = new Map<string, string>();
  for (const stream of answerStreams) {
    if (stream.conversationId === null) continue;
    for (const topic of stream.handoffTopics) topicOwners.set(topic, stream.conversationId);
    if (stream.handoffTopics.length > 0) observation(stream.conversationId).handoffs += 1;
    if (stream.answered) observation(stream.conversationId).sseAnswers += 1;
  }
  for (const item of streamItems) {
    if (item.topicId !== null && item.conversationId !== null && !topicOwners.has(item.topicId))
      topicOwners.set(item.topicId, item.conversationId);
  }
  const counted = new Set<string>();
  let unattributedItems = 0;
  for (const item of streamItems) {
    // A 'done' item ends a stream; it carries no answer.
    if (item.kind !== 'stream-item') continue;
    const owner =
      item.conversationId ??
      (item.topicId === null ? undefined : topicOwners.get(item.topicId)) ??
      item.pageConversationId;
    if (owner === null) {
      unattributedItems += 1;
      continue;
    }
    // A catch-up replays an item with its id: count it once. An item without an id is counted as seen.
    if (item.streamItemId !== null) {
      const key = JSON.stringify([owner, item.topicId, item.streamItemId]);
      if (counted.has(key)) continue;
      counted.add(key);
    }
    observation(owner).streamItems += 1;
  }
  return { byConversation, unattributedItems };
}
