import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messagesPath } from '@/tests/replica/fixtures/fixture-helpers';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asExtension, call, json } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
beforeEach(async () => {
  await call(replica, '/__replica/reset', { method: 'POST' });
  replica.setAccount({ generated: 200, scenarios: true });
});
afterAll(() => replica.close());

interface Listed {
  id: string;
  update_time: string;
}

interface MessagesAnswer {
  update_time: string;
  current_node: string;
  messages: Array<{ id: string; author: { role: string }; content: { parts?: unknown[] } }>;
}

/** The whole main list, newest update first, as a run over the account pages it. */
async function wholeList(): Promise<Listed[]> {
  const items: Listed[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = json(
      await call(replica, `/backend-api/conversations?offset=${offset}&limit=100&order=updated`, {
        headers: asExtension(replica),
      }),
    ) as unknown as { items: Listed[]; total: number };
    items.push(...page.items);
    if (offset + 100 >= page.total) return items;
  }
}

async function messagesOf(id: string): Promise<MessagesAnswer> {
  const response = await call(replica, messagesPath(id), { headers: asExtension(replica) });
  expect(response.status).toBe(200);
  return json(response) as unknown as MessagesAnswer;
}

const textOf = (message: MessagesAnswer['messages'][number] | undefined): unknown =>
  message?.content.parts?.join('');

/** A generated conversation of the list whose messages answer, as a run over the account meets one. */
async function someGenerated(list: Listed[]): Promise<string> {
  for (const { id } of list.toReversed()) {
    if (id in SCENARIOS) continue;
    const response = await call(replica, messagesPath(id), { headers: asExtension(replica) });
    if (response.status === 200) return id;
  }
  throw new Error('the list holds no generated conversation that answers');
}

describe('conversations that change during a run (site-interface 10.7)', () => {
  it('move to the top of the list by update, each later than the one before, and the rest keep their times', async () => {
    const before = await wholeList();
    const generated = await someGenerated(before);
    replica.changeConversations([generated, FIXTURE_IDS.plain]);
    const after = await wholeList();
    expect(after.slice(0, 2).map((item) => item.id)).toEqual([FIXTURE_IDS.plain, generated]);
    const times = after.map((item) => Date.parse(item.update_time));
    expect(times[0]).toBeGreaterThan(times[1] as number);
    expect(times[1]).toBeGreaterThan(Math.max(...times.slice(2)));
    const unchanged = (list: Listed[]): Listed[] =>
      list.filter((item) => item.id !== generated && item.id !== FIXTURE_IDS.plain);
    expect(unchanged(after)).toEqual(unchanged(before));

    replica.changeConversations([generated]);
    const again = await wholeList();
    expect(again.slice(0, 2).map((item) => item.id)).toEqual([generated, FIXTURE_IDS.plain]);
    expect(Date.parse(again[0]?.update_time ?? '')).toBeGreaterThan(Date.parse(again[1]?.update_time ?? ''));
  });

  it('gain a follow-up turn with new message ids, their messages answer showing the time the list shows', async () => {
    const list = await wholeList();
    const generated = await someGenerated(list);
    for (const id of [generated, FIXTURE_IDS.plain]) {
      const before = await messagesOf(id);
      replica.changeConversations([id]);
      const after = await messagesOf(id);
      const oldIds = new Set(before.messages.map((message) => message.id));
      expect(after.messages.slice(0, before.messages.length)).toEqual(before.messages);
      const added = after.messages.slice(before.messages.length);
      expect(added.map((message) => message.author.role)).toEqual(['user', 'assistant']);
      expect(added.map(textOf)).toEqual(['Follow-up question 1', 'The answer to follow-up question 1.']);
      expect(added.some((message) => oldIds.has(message.id))).toBe(false);
      expect(after.current_node).toBe(added[1]?.id);
      const [top] = await wholeList();
      expect(top?.id).toBe(id);
      expect(Date.parse(after.update_time)).toBe(Date.parse(top?.update_time ?? ''));
    }
    replica.changeConversations([generated]);
    expect(textOf((await messagesOf(generated)).messages.at(-2))).toBe('Follow-up question 2');
  });

  it('can be asked for through the control API, which refuses an id the replica does not hold', async () => {
    const changed = await call(replica, '/__replica/change', {
      method: 'POST',
      body: JSON.stringify({ ids: [FIXTURE_IDS.webSearch] }),
    });
    expect(changed.status).toBe(200);
    expect((await wholeList())[0]?.id).toBe(FIXTURE_IDS.webSearch);
    const unknown = await call(replica, '/__replica/change', {
      method: 'POST',
      body: JSON.stringify({ ids: ['no-such-conversation'] }),
    });
    expect(unknown.status).toBe(404);
    expect(() => replica.changeConversations(['no-such-conversation'])).toThrow(/no-such-conversation/);
  });
});
