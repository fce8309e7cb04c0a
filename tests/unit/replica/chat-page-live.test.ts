import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { openChatPage } from './chat-page';
import { asPage, call, json } from './replica-client';

/**
 * The replica's own chat page reads every form of the live answer stream (site-interface 10.6): a search's
 * several messages (only the answer shows), Python-written JSON, pings, references replaced and removed,
 * over SSE and after a handoff to the WebSocket; and it reports a stream cut off mid-record.
 */
let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

async function storedAnswerText(conversationId: string): Promise<string> {
  const path = `/backend-api/conversations/${conversationId}?include_has_versions=true&num_turns=1`;
  const messages = json(await call(replica, path, { headers: asPage(replica) })).messages as Array<{
    content: { parts?: string[] };
  }>;
  return messages.at(-1)?.content.parts?.[0] ?? '';
}

describe("the replica's chat page reads the live answer stream", () => {
  it.each([
    ['liveSearch', 'sse'],
    ['liveSearchHandoff', 'websocket'],
    ['liveShopping', 'websocket'],
  ] as const)('%s: shows the answer alone, over %s, as the next load stores it', async (name, transport) => {
    const page = await openChatPage(replica, FIXTURE_IDS[name]);
    try {
      const shownBefore = page.thread().length;
      const prompt = 'Which of these is quietest on a night train?';
      const state = await page.ask(prompt);
      expect(state.errors).toEqual([]);
      expect(state.transport).toBe(transport);
      expect(state.lastAnswer).toContain(`About “${prompt}”`);
      expect(state.lastAnswer).toBe(await storedAnswerText(FIXTURE_IDS[name]));
      // The prompt and the answer: the web.run calls and the tool's results are not shown.
      const added = page.thread().slice(shownBefore);
      expect(added.map((message) => message.role)).toEqual(['user', 'assistant']);
      expect(added[1]?.text).toContain(`About “${prompt}”`);
    } finally {
      page.close();
    }
  });

  it('reports a live stream cut off in the middle of a record, before [DONE]', async () => {
    const page = await openChatPage(replica, FIXTURE_IDS.liveCutOff);
    try {
      const state = await page.ask('Where can I hear fado on a Tuesday?');
      expect(state.lastAnswer).toBeNull();
      expect(state.errors).toEqual([
        expect.stringMatching(/^answer: the answer stream was cut off before \[DONE]/),
      ]);
    } finally {
      page.close();
    }
  });
});
