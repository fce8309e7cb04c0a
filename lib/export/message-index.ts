import type { Conversation } from '@/lib/model/conversation';

/**
 * A conversation's messages as the Markdown transcript looks them up, worked out once per export: the turn
 * of each message (the last turn that lists its id).
 */
export interface MessageIndex {
  /** By the message's place in `messages`; undefined for a message no turn lists. */
  turnOf: ReadonlyArray<number | undefined>;
  /**
   * The turns list every message once, in order, and no two messages share an id: as the normalizers make
   * a conversation (groupTurns over messages whose ids were made unique). Each message is then the one its
   * id names wherever the inspection looked it up.
   */
  listedInOrder: boolean;
}

/**
 * By place where the turns list the messages in order without a repeated id: one pass over the turns'
 * ids, no lookup per message (between the messages' texts, those took several times as long). By id
 * otherwise.
 */
export function messageIndex(conversation: Conversation): MessageIndex {
  const { messages, turns } = conversation;
  const inPlace: number[] = [];
  const ids = new Set<string>();
  let inOrder = true;
  turns.forEach((turn, turnIndex) => {
    for (const id of turn.messageIds) {
      inOrder &&= messages[inPlace.length]?.id === id;
      ids.add(id);
      inPlace.push(turnIndex);
    }
  });
  if (inOrder && inPlace.length === messages.length && ids.size === messages.length)
    return { turnOf: inPlace, listedInOrder: true };
  const turnOfId = new Map<string, number>();
  turns.forEach((turn, turnIndex) => {
    for (const id of turn.messageIds) turnOfId.set(id, turnIndex);
  });
  return { turnOf: messages.map((message) => turnOfId.get(message.id)), listedInOrder: false };
}
