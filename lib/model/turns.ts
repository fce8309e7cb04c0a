import type { NormalizedMessage, Turn } from './conversation';

/**
 * Turns: a visible user message and everything that answers it. A hidden user message (custom instructions
 * and similar context) does not open a turn; what precedes the first visible user message forms a turn
 * without a user message.
 */
export function groupTurns(messages: readonly NormalizedMessage[]): Turn[] {
  const turns: Turn[] = [];
  let current: Turn | null = null;
  for (const message of messages) {
    if (message.role === 'user' && !message.hidden) {
      current = { userMessageId: message.id, messageIds: [message.id] };
      turns.push(current);
    } else if (current === null) {
      current = { userMessageId: null, messageIds: [message.id] };
      turns.push(current);
    } else {
      current.messageIds.push(message.id);
    }
  }
  return turns;
}
