import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { LIVE_SOCKET_HOST, LIVE_SOCKET_PATH, RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, call, json, openSocket as openReplicaSocket, submitPrompt } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

const openSocket = (host: string, path: string) => openReplicaSocket(replica, host, path);

const dataLines = (sse: string): string[] =>
  sse
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));

/** The text the "v1" deltas of the encoded items append, each item once. */
function appendedText(frames: readonly string[]): string {
  const seen = new Set<string>();
  let text = '';
  const take = (message: { payload?: { payload?: Record<string, unknown> } }): void => {
    const item = message.payload?.payload;
    if (item?.type !== 'stream-item' || seen.has(String(item.stream_item_id))) return;
    seen.add(String(item.stream_item_id));
    for (const data of dataLines(String(item.encoded_item))) {
      const event = JSON.parse(data) as { v?: unknown };
      if (typeof event.v === 'string') text += event.v;
    }
  };
  for (const frame of frames) {
    for (const entry of JSON.parse(frame) as Array<Record<string, unknown>>) {
      const reply = entry.reply as { catchups?: unknown[] } | undefined;
      for (const message of reply?.catchups ?? [entry]) take(message as Parameters<typeof take>[0]);
    }
  }
  return text;
}

async function storedAnswer(conversationId: string): Promise<{ conversationId: string; text: string }> {
  const page = json(
    await call(
      replica,
      `/backend-api/conversations/${conversationId}?include_has_versions=true&num_turns=1`,
      {
        headers: asPage(replica),
      },
    ),
  );
  const messages = page.messages as Array<{ content: { parts: string[] } }>;
  return { conversationId: String(page.conversation_id), text: messages.at(-1)?.content.parts[0] ?? '' };
}

describe("the live site's answer streams (site-interface 10)", () => {
  it('hands a WebSocket answer off to a topic on ws.chatgpt.com, with catch-ups, a duplicate and done', async () => {
    const id = FIXTURE_IDS.liveShopping;
    const socket = await openSocket(LIVE_SOCKET_HOST, LIVE_SOCKET_PATH);
    const response = await submitPrompt(replica, id, 'Which of these folds flat for travel?');
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    expect(response.text).toContain(RESUME_TOKEN_CANARY);
    const handoff = readStreamedTurn(response.text);
    expect(handoff).toMatchObject({ answered: false, ended: true });
    const [topicId] = handoff.handoffTopics;
    expect(topicId).toMatch(/^conversation-turn-/);

    socket.send({ type: 'subscribe', topic_id: topicId, offset: '0' });
    await expect
      .poll(() => socket.frames.flatMap(readStreamFrame).some((item) => item.kind === 'done'), {
        timeout: 5000,
      })
      .toBe(true);
    socket.close();

    const [reply] = JSON.parse(socket.frames[0] ?? '[]') as Array<{ type: string; reply: { catchups: [] } }>;
    expect(reply?.type).toBe('reply');
    expect(reply?.reply.catchups.length).toBeGreaterThan(0);
    expect(socket.frames.join('')).toContain(RESUME_TOKEN_CANARY);

    const items = socket.frames.flatMap(readStreamFrame);
    expect(items.every((item) => item.topicId === topicId)).toBe(true);
    const ids = items.flatMap((item) => (item.streamItemId === null ? [] : [item.streamItemId]));
    expect(new Set(ids).size).toBe(ids.length - 1);

    const stored = await storedAnswer(id);
    expect(appendedText(socket.frames)).toBe(stored.text);
    expect(handoff.conversationId).toBe(stored.conversationId);
  });

  it('streams an SSE answer in the "v1" delta encoding, after a resume token', async () => {
    const id = FIXTURE_IDS.liveSearch;
    const response = await submitPrompt(replica, id, 'Which trail shoes suit wide feet?');
    const data = dataLines(response.text);
    expect(data[0]).toBe('"v1"');
    expect(data.at(-1)).toBe('[DONE]');
    const streamed = readStreamedTurn(response.text);
    expect(streamed).toMatchObject({ answered: true, ended: true, handoffTopics: [] });
    // A searched answer streams its web.run calls too: the answer is the last message the deltas open.
    const answer = streamed.messages.at(-1) as { content: { parts: string[] } };
    expect(answer.content.parts[0]).toBe((await storedAnswer(id)).text);
  });

  it('opens each socket on its own host only', async () => {
    const live = await openSocket(LIVE_SOCKET_HOST, LIVE_SOCKET_PATH);
    live.close();
    await expect(openSocket('chatgpt.com', LIVE_SOCKET_PATH)).rejects.toThrow();
    await expect(openSocket(LIVE_SOCKET_HOST, '/ws/chat')).rejects.toThrow();
    const document = await openSocket('chatgpt.com', '/ws/chat');
    document.close();
  });
});
