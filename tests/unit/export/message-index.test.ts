import { describe, expect, it } from 'vitest';
import { messageIndex } from '@/lib/export/message-index';
import { conversationOf, message, user } from '@/tests/unit/insights/build-conversation';

const answer = (id: string, text = id) => message({ id, text });

describe('messageIndex', () => {
  it('finds each message its turn by place when the turns list the messages in order', () => {
    const messages = [
      message({ id: 's', role: 'system', hidden: true }),
      user('u1'),
      answer('a1'),
      user('u2'),
      answer('a2'),
    ];
    const index = messageIndex(conversationOf(messages));
    expect(index.turnOf).toEqual([0, 1, 1, 2, 2]);
    expect(index.listedInOrder).toBe(true);
  });

  it('gives every message with a repeated id the last turn that lists it', () => {
    const messages = [user('u1'), answer('x', 'first'), user('u2'), answer('x', 'second')];
    const index = messageIndex(conversationOf(messages));
    expect(index.turnOf).toEqual([0, 1, 1, 1]);
    expect(index.listedInOrder).toBe(false);
  });

  it('finds turns by id when they do not list the messages in order, none for a message no turn lists', () => {
    const messages = [user('u1'), answer('a1'), user('u2'), answer('a2')];
    const turns = [
      { userMessageId: 'u2', messageIds: ['u2', 'a2'] },
      { userMessageId: 'u1', messageIds: ['u1'] },
    ];
    const index = messageIndex(conversationOf(messages, { turns }));
    expect(index.turnOf).toEqual([1, undefined, 0, 0]);
    expect(index.listedInOrder).toBe(false);
  });
});
