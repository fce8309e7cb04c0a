import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards } from '@/tests/replica/fixtures/products';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, call, json, openSocket as openReplicaSocket, submitPrompt } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

const streamStatus = async (conversationId: string): Promise<unknown> =>
  json(
    await call(replica, `/backend-api/conversation/${conversationId}/stream_status`, {
      headers: asPage(replica),
    }),
  ).status;

/** The document's socket (site-interface 6), its frames read as JSON. */
async function openSocket(): Promise<{ frames: () => Array<Record<string, unknown>>; close: () => void }> {
  const socket = await openReplicaSocket(replica, 'chatgpt.com', '/ws/chat');
  return {
    frames: () => socket.frames.map((frame) => JSON.parse(frame) as Record<string, unknown>),
    close: socket.close,
  };
}

const dataEvents = (text: string): string[] =>
  text.split('\n\n').flatMap((block) =>
    block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6)),
  );

describe('product_update (site-interface 4.4)', () => {
  it('streams product_entity frames in several chunks', async () => {
    const [card] = productCards(FIXTURE_IDS.products);
    const response = await call(replica, '/backend-api/search/product_update', {
      method: 'POST',
      headers: { ...asPage(replica), 'content-type': 'application/json' },
      body: JSON.stringify(card),
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    expect(response.text).toContain('product_entity');
    expect(response.chunkTimes.length).toBeGreaterThan(1);
    expect((response.chunkTimes.at(-1) ?? 0) - (response.chunkTimes[0] ?? 0)).toBeGreaterThan(50);
  });
});

describe('prompts (site-interface 4.5 and site-interface 6)', () => {
  it('answers over SSE, reports IS_STREAMING meanwhile, and appends the turn to the conversation', async () => {
    const id = FIXTURE_IDS.sse;
    const answer = submitPrompt(replica, id, 'How long do I roast carrots?');
    // Streaming from when the replica took the prompt until the answer ends: asked until it says so.
    await vi.waitFor(async () => expect(await streamStatus(id)).toBe('IS_STREAMING'), {
      timeout: 10_000,
      interval: 20,
    });
    const response = await answer;
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    const events = dataEvents(response.text);
    expect(events.at(-1)).toBe('[DONE]');
    expect(await streamStatus(id)).toBe('IDLE');
    const page = json(
      await call(replica, `/backend-api/conversations/${id}?include_has_versions=true&num_turns=1`, {
        headers: asPage(replica),
      }),
    );
    const messages = page.messages as Array<{ id: string; content: { parts: string[] } }>;
    expect(messages[0]?.content.parts[0]).toBe('How long do I roast carrots?');
    expect(page.current_node).toBe(messages.at(-1)?.id);
  });

  it('holds an answer at its next piece while the override says so, and ends it once let go', async () => {
    const id = FIXTURE_IDS.sse;
    replica.setOverride(id, { answerHeld: true, answerPauseMs: 0 });
    const answer = submitPrompt(replica, id, 'How long do eggs keep?');
    await expect.poll(() => streamStatus(id)).toBe('IS_STREAMING');
    // Unpaced, the answer would end at once.
    const held = await Promise.race([
      answer.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('held'), 1_000)),
    ]);
    expect(held).toBe('held');
    replica.setOverride(id, null);
    expect(dataEvents((await answer).text).at(-1)).toBe('[DONE]');
    expect(await streamStatus(id)).toBe('IDLE');
  });

  it('cuts the SSE answer off half-way, without [DONE], in the cut-off scenario', async () => {
    const response = await submitPrompt(replica, FIXTURE_IDS.cutOffSse, 'Should I pay off my loan first?');
    expect(response.cutOff).toBe(true);
    expect(response.text).not.toContain('[DONE]');
    expect(response.text).toContain('"message"');
  });

  it('answers over the WebSocket as stream-item frames, with a JSON ack to the POST', async () => {
    const socket = await openSocket();
    const response = await submitPrompt(replica, FIXTURE_IDS.websocket, 'Why is my test flaky?');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(json(response).conversation_id).toBe(FIXTURE_IDS.websocket);
    await expect
      .poll(() => socket.frames().at(-1)?.data, { timeout: 3000 })
      .toMatchObject({ type: 'message_stream_complete' });
    const items = socket.frames().filter((frame) => frame.type === 'stream-item');
    expect(items.length).toBeGreaterThan(2);
    expect(items.every((frame) => frame.conversation_id === FIXTURE_IDS.websocket)).toBe(true);
    socket.close();
  });

  it('answers both ways in the both-transports scenario', async () => {
    const socket = await openSocket();
    const response = await submitPrompt(replica, FIXTURE_IDS.bothTransports, 'What should I see in Kyoto?');
    expect(dataEvents(response.text).at(-1)).toBe('[DONE]');
    expect(socket.frames().some((frame) => frame.type === 'stream-item')).toBe(true);
    socket.close();
  });
});
