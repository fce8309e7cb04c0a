import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import {
  CANARY_MARKERS,
  type CanaryPlace,
  MOBILE_WEB_PLACES,
  plantedPlaces,
} from '@/tests/replica/fixtures/canaries';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards } from '@/tests/replica/fixtures/products';
import type { WireForm } from '@/tests/replica/fixtures/wire-form';
import { LIVE_SOCKET_HOST, LIVE_SOCKET_PATH } from '@/tests/replica/live-wire';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, call, type OpenSocket, openSocket, submitPrompt } from './replica-client';

/**
 * The canary hunt (tests/e2e/canary-hunt.test.ts) proves that no planted secret leaks; it proves nothing
 * unless the replica really serves each one. So: everything a chat page of each wire form loads, read as
 * the page reads it, holds every place's canary.
 */
let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

/** The session the chat page signs in with: its cookie, then the access token (site-interface 5). */
async function sessionBody(): Promise<string> {
  const page = await call(replica, `/c/${FIXTURE_IDS.plain}`);
  const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  return (await call(replica, '/api/auth/session', { headers: { cookie } })).text;
}

const get = async (path: string): Promise<string> =>
  (await call(replica, path, { headers: asPage(replica) })).text;

const productUpdates = (conversationId: string): Promise<string[]> =>
  Promise.all(
    productCards(conversationId).map(async (card) => {
      const response = await call(replica, '/backend-api/search/product_update', {
        method: 'POST',
        headers: { ...asPage(replica), 'content-type': 'application/json' },
        body: JSON.stringify(card),
      });
      return response.text;
    }),
  );

async function socketUntil(socket: OpenSocket, ended: (frames: string[]) => boolean): Promise<string> {
  await expect.poll(() => ended(socket.frames), { timeout: 5000 }).toBe(true);
  socket.close();
  return socket.frames.join('\n');
}

/** A prompt in the document's WebSocket scenario: the POST's ack and the stream-item frames. */
async function documentSocketAnswer(): Promise<string[]> {
  const socket = await openSocket(replica, 'chatgpt.com', '/ws/chat');
  const ack = await submitPrompt(replica, FIXTURE_IDS.websocket, 'Why is my build slow?');
  const frames = await socketUntil(socket, (texts) => texts.join('').includes('message_stream_complete'));
  return [ack.text, frames];
}

/** A prompt in the live shopping scenario: the handoff's SSE body, then the topic on ws.chatgpt.com. */
async function liveHandoffAnswer(): Promise<string[]> {
  const socket = await openSocket(replica, LIVE_SOCKET_HOST, LIVE_SOCKET_PATH);
  const handoff = await submitPrompt(replica, FIXTURE_IDS.liveShopping, 'Which of these folds flat?');
  const [topicId] = readStreamedTurn(handoff.text).handoffTopics;
  socket.send({ type: 'subscribe', topic_id: topicId });
  const frames = await socketUntil(socket, (texts) =>
    texts.flatMap(readStreamFrame).some((item) => item.kind === 'done'),
  );
  return [handoff.text, frames];
}

/** Everything a chat page of the wire form loads that can carry a secret, in its scenarios. */
async function servedTo(wire: WireForm): Promise<string> {
  const texts =
    wire === 'document'
      ? [
          await get(`/backend-api/bazaar/conversation/${FIXTURE_IDS.ads}/ads`),
          ...(await productUpdates(FIXTURE_IDS.products)),
          (await submitPrompt(replica, FIXTURE_IDS.sse, 'How long do I roast carrots?')).text,
          ...(await documentSocketAnswer()),
        ]
      : [
          await get(`/backend-api/bazaar/conversation/${FIXTURE_IDS.liveShopping}/ads`),
          ...(await productUpdates(FIXTURE_IDS.liveShopping)),
          (await submitPrompt(replica, FIXTURE_IDS.liveSearch, 'Which trail shoes suit wide feet?')).text,
          ...(await liveHandoffAnswer()),
        ];
  return [await sessionBody(), ...texts].join('\n');
}

const PLACES = Object.keys(CANARY_MARKERS) as CanaryPlace[];

describe('the canaries the replica plants (architecture "Secrets")', () => {
  it('no marker holds another, so a canary found names one place', () => {
    for (const place of PLACES)
      for (const other of PLACES)
        if (other !== place) expect(CANARY_MARKERS[place]).not.toContain(CANARY_MARKERS[other]);
  });

  it.each<WireForm>(['document', 'live'])(
    'the %s form serves a canary in every place: token, resume tokens, product members, ad tracking',
    async (wire) => {
      const served = await servedTo(wire);
      const missing = plantedPlaces(wire).filter((place) => !served.includes(CANARY_MARKERS[place]));
      expect(missing).toEqual([]);
    },
  );

  it("the mobile web surface serves a canary in each of its tokens: the form's and the conduit", async () => {
    const post = {
      method: 'POST',
      headers: { ...asPage(replica), 'content-type': 'application/x-www-form-urlencoded' },
    };
    const served = [
      await get('/mobile-web'),
      (
        await call(replica, '/unauth-mweb/conversation/prepare', {
          ...post,
          body: 'conversationState=%7B%7D',
        })
      ).text,
    ].join('\n');
    expect(MOBILE_WEB_PLACES.filter((place) => !served.includes(CANARY_MARKERS[place]))).toEqual([]);
  });
});
