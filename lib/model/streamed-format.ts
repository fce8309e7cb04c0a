import { assembleConversation } from './assemble-conversation';
import {
  CONVERSATION_FLAG_KEYS,
  type Conversation,
  type ConversationFlags,
  type NormalizedMessage,
  notLoaded,
} from './conversation';
import { readString } from './json-read';
import { normalizeMessageObject } from './message-object';
import type { StreamedTurn } from './streamed-turn';

const NO_FLAGS = Object.fromEntries(CONVERSATION_FLAG_KEYS.map((key) => [key, null])) as ConversationFlags;

/**
 * What the answer streams of a conversation carried (site-interface 10.6), as a third format beside the
 * messages format and the tree: each turn's prompt and every message its answer opened, in the order
 * the turns streamed. A message that streamed twice keeps its later copy. The title comes from the
 * stream's `title_generation`, the model from its server metadata.
 */
export function normalizeStreamedTurns(
  conversationId: string | null,
  turns: readonly StreamedTurn[],
): Conversation {
  const positionById = new Map<string, number>();
  const messages: NormalizedMessage[] = [];
  turns.forEach((turn, turnIndex) => {
    const raw = turn.inputMessage === null ? turn.messages : [turn.inputMessage, ...turn.messages];
    raw.forEach((object, index) => {
      const message = normalizeMessageObject(object, {
        format: 'stream',
        fallbackId: `streamed:${turnIndex}:${index}`,
      });
      if (message === null) return;
      const position = positionById.get(message.id);
      if (position === undefined) {
        positionById.set(message.id, messages.length);
        messages.push(message);
      } else messages[position] = message;
    });
  });
  const last = turns[turns.length - 1];
  const model =
    last === undefined ? null : (readString(last.serverMetadata.model_slug) ?? last.defaultModelSlug);
  const unfinished = turns.filter((turn) => !turn.complete).length;
  return assembleConversation(
    {
      id: conversationId,
      title: turns.findLast((turn) => turn.title !== null)?.title ?? null,
      createTimeMs: null,
      updateTimeMs: null,
      modelSlug: model,
      currentNode: messages.at(-1)?.id ?? null,
      flags: { ...NO_FLAGS },
      extraKeys: [],
      // A stream that has not ended is an answer being made, which its turn's completeness says.
      answering: false,
    },
    messages.at(-1)?.id ?? null,
    messages,
    {
      messages: notLoaded(),
      tree: notLoaded(),
      stream: {
        loaded: turns.length > 0,
        complete: turns.length > 0 && unfinished === 0,
        pages: turns.length,
        note: unfinished === 0 ? null : `${unfinished} streamed answers did not end complete.`,
      },
    },
  );
}
