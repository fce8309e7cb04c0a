import type { Conversation } from '@/lib/model/conversation';

/**
 * The turn of each message of a conversation, for a writer that walks the messages in order. A message's
 * turn is the last turn that lists its id.
 */
export interface MessageTurns {
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
 * Found by place where the turns list the messages in order without a repeated id (one set of ids, no
 * lookup per message); by id otherwise.
 */
export function messageTurns(conversation: Conversation): MessageTurns {
  const { messages, turns } = conversation;
  const inPlace: number[] = [];
  const ids = new Set<string>();
  let inOrder = true;
  turns.forEach((turn, turnIndex) => {
    for (const id of turn.messageIds) {
      inOrder &&= messages[inPlace.length]?.id === id;
      inPlace.push(turnIndex);
      ids.add(id);
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
