import type { Conversation } from '@/lib/model/conversation';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { generateConversation, messagesResponse } from '@/tests/replica/fixtures/formats';

/**
 * A generated conversation as one messages-format page holding every message, and its normalized form:
 * the bytes JSON.parse reads are exactly those the conversation came from, so the two can be compared.
 */
export function onePageConversation(
  messages: number,
  seed: number,
): { text: string; conversation: Conversation } {
  const text = JSON.stringify(messagesResponse(generateConversation(messages, seed), { numTurns: messages }));
  const normalized = normalizeMessagesFormat([JSON.parse(text) as unknown]);
  if (!normalized.ok)
    throw new Error(`The generated conversation did not normalize: ${normalized.error.message}`);
  return { text, conversation: normalized.value };
}
