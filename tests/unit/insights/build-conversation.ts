import {
  CONVERSATION_FLAG_KEYS,
  type Conversation,
  type ConversationFlags,
  type NormalizedMessage,
  notLoaded,
} from '@/lib/model/conversation';
import { groupTurns } from '@/lib/model/turns';

/** A normalized message with plain defaults, for tests of what reads the model. */
export function message(
  partial: Partial<NormalizedMessage> & Pick<NormalizedMessage, 'id'>,
): NormalizedMessage {
  return {
    parentId: null,
    role: 'assistant',
    authorName: null,
    recipient: 'all',
    contentType: 'text',
    text: '',
    assets: [],
    createTimeMs: null,
    hidden: false,
    preamble: false,
    channel: null,
    refId: null,
    thinkingEffort: null,
    metadata: {},
    format: 'messages',
    ...partial,
    metadataKeys: partial.metadataKeys ?? Object.keys(partial.metadata ?? {}),
  };
}

/** A user's message, its text its id unless given. */
export const user = (id: string, text = id, extra: Partial<NormalizedMessage> = {}): NormalizedMessage =>
  message({ id, role: 'user', text, ...extra });

/** A conversation loaded from the messages format, holding the given messages as its active branch. */
export function conversationOf(
  messages: NormalizedMessage[],
  partial: Partial<Conversation> = {},
): Conversation {
  const flags = Object.fromEntries(CONVERSATION_FLAG_KEYS.map((key) => [key, null])) as ConversationFlags;
  return {
    id: 'conv-1',
    title: 'Test conversation',
    createTimeMs: null,
    updateTimeMs: null,
    modelSlug: null,
    currentNode: messages.at(-1)?.id ?? null,
    flags,
    extraKeys: [],
    answering: false,
    messages,
    turns: groupTurns(messages),
    formatLoads: {
      messages: { loaded: true, complete: true, pages: 1, note: null },
      tree: notLoaded(),
      stream: notLoaded(),
    },
    ...partial,
  };
}
