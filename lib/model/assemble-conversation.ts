import type { Conversation, ConversationHeader, FormatLoads, NormalizedMessage } from './conversation';
import { groupTurns } from './turns';

/** The one place a Conversation is put together, so turns always match the messages they index. */
export function assembleConversation(
  header: ConversationHeader,
  currentNode: string | null,
  messages: NormalizedMessage[],
  formatLoads: FormatLoads,
  mapping?: Conversation['mapping'],
): Conversation {
  return {
    id: header.id,
    title: header.title,
    createTimeMs: header.createTimeMs,
    updateTimeMs: header.updateTimeMs,
    modelSlug: header.modelSlug,
    currentNode,
    flags: header.flags,
    extraKeys: header.extraKeys,
    answering: header.answering,
    messages,
    turns: groupTurns(messages),
    formatLoads,
    // Always present, so every conversation has one shape whichever format it came from.
    mapping,
  };
}
