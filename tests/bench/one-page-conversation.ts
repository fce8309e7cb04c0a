import type { Conversation } from '@/lib/model/conversation';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { generateConversation, messagesResponse } from '@/tests/replica/fixtures/formats';
import { withCitations } from './bench-citations';

/**
 * A generated conversation as one messages-format page holding every message, and its normalized form:
 * the bytes JSON.parse reads are exactly those the conversation came from, so the two can be compared.
 * Every answer cites pages the way the live site does (bench-citations.ts).
 */
export function onePageConversation(
  messages: number,
  seed: number,
): { text: string; conversation: Conversation } {
  const text = JSON.stringify(
    withCitations(messagesResponse(generateConversation(messages, seed), { numTurns: messages })),
  );
  const normalized = normalizeMessagesFormat([JSON.parse(text) as unknown]);
  if (!normalized.ok)
    throw new Error(`The generated conversation did not normalize: ${normalized.error.message}`);
  return { text, conversation: normalized.value };
}
