import { describe, expect, it } from 'vitest';
import { messageTurns } from '@/lib/export/message-turns';
import { conversationOf, message } from '../insights/build-conversation';

const user = (id: string) => message({ id, role: 'user', text: id });
const answer = (id: string) => message({ id, text: id });

describe('messageTurns', () => {
  it('finds each message its turn by place when the turns list the messages in order', () => {
    const conversation = conversationOf([
      message({ id: 's', role: 'system', hidden: true }),
      user('u1'),
      answer('a1'),
      user('u2'),
      answer('a2'),
    ]);
    expect(messageTurns(conversation)).toEqual({ turnOf: [0, 1, 1, 2, 2], listedInOrder: true });
  });

  it('gives every message with a repeated id the last turn that lists the id', () => {
    const conversation = conversationOf([user('u1'), answer('x'), user('u2'), answer('x')]);
    expect(messageTurns(conversation)).toEqual({ turnOf: [0, 1, 1, 1], listedInOrder: false });
  });

  it('finds turns by id when they do not list the messages in order, none for a message no turn lists', () => {
    const messages = [user('u1'), answer('a1'), user('u2'), answer('a2')];
    const turns = [
      { userMessageId: 'u2', messageIds: ['u2', 'a2'] },
      { userMessageId: 'u1', messageIds: ['u1'] },
    ];
    expect(messageTurns(conversationOf(messages, { turns }))).toEqual({
      turnOf: [1, undefined, 0, 0],
      listedInOrder: false,
    });
  });
});
