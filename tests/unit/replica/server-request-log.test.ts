import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asExtension, asPage, call, json } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
beforeEach(() => replica.clearRequests());
afterAll(() => replica.close());

const treePath = `/backend-api/conversation/${FIXTURE_IDS.plain}`;

describe('request log', () => {
  it('records origin, token, status and conversation of every request', async () => {
    await call(replica, treePath, { headers: asPage(replica) });
    await call(replica, treePath, { headers: asExtension(replica) });
    await call(replica, treePath);
    expect(
      replica.requests().map(({ origin, authorized, status }) => ({ origin, authorized, status })),
    ).toEqual([
      { origin: 'page', authorized: true, status: 200 },
      { origin: 'extension', authorized: true, status: 200 },
      { origin: 'other', authorized: false, status: 401 },
    ]);
    expect(replica.requests().every((record) => record.conversationId === FIXTURE_IDS.plain)).toBe(true);
  });

  it('counts a document load as neither page nor extension, though Chromium sends it with Sec-Fetch-Site: none', async () => {
    await call(replica, `/c/${FIXTURE_IDS.plain}`, {
      headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
    });
    expect(replica.requests().map((record) => record.origin)).toEqual(['other']);
  });

  it('filters by origin, method, status and path prefix', async () => {
    await call(replica, treePath, { headers: asExtension(replica) });
    await call(replica, '/backend-api/me', { headers: asPage(replica) });
    expect(replica.requests({ origin: 'extension' }).map((record) => record.path)).toEqual([treePath]);
    expect(replica.requests({ pathPrefix: '/backend-api/me' })).toHaveLength(1);
    expect(replica.requests({ method: 'GET', status: 200 })).toHaveLength(2);
  });

  it('takes the conversation of a request that names none from the chat page it came from', async () => {
    await call(replica, '/backend-api/me', {
      headers: { ...asPage(replica), referer: `https://chatgpt.com/c/${FIXTURE_IDS.ads}` },
    });
    expect(replica.requests()[0]?.conversationId).toBe(FIXTURE_IDS.ads);
  });

  it('leaves out the control API and static files', async () => {
    await call(replica, '/__replica/requests');
    await call(replica, '/replica-client.js');
    await call(replica, '/favicon.ico');
    await call(replica, `/c/${FIXTURE_IDS.plain}`);
    expect(replica.requests().map((record) => record.path)).toEqual([`/c/${FIXTURE_IDS.plain}`]);
  });

  it('is served as JSON by the control API', async () => {
    await call(replica, treePath, { headers: asExtension(replica) });
    const listed = JSON.parse(
      (await call(replica, '/__replica/requests?origin=extension')).text,
    ) as unknown[];
    expect(listed).toEqual(replica.requests({ origin: 'extension' }));
  });

  it('is emptied, with the conversations restored, by POST /__replica/reset', async () => {
    const before = json(await call(replica, treePath, { headers: asPage(replica) })).current_node;
    await call(replica, '/backend-api/f/conversation', {
      method: 'POST',
      headers: asPage(replica),
      body: JSON.stringify({
        conversation_id: FIXTURE_IDS.plain,
        messages: [{ content: { parts: ['Thanks!'] } }],
      }),
    });
    expect(json(await call(replica, treePath, { headers: asPage(replica) })).current_node).not.toBe(before);
    await call(replica, '/__replica/reset', { method: 'POST' });
    expect(replica.requests()).toEqual([]);
    expect(json(await call(replica, treePath, { headers: asPage(replica) })).current_node).toBe(before);
  });
});

describe('chat page', () => {
  it('lists every fixture conversation on the index and serves each chat page with its client', async () => {
    const index = (await call(replica, '/')).text;
    for (const id of Object.values(FIXTURE_IDS)) expect(index).toContain(`/c/${id}`);
    const page = (await call(replica, `/c/${FIXTURE_IDS.products}`)).text;
    expect(page).toContain('<textarea id="prompt"');
    expect(page).toContain('<button id="send"');
    expect(page).toContain('src="/replica-client.js"');
    expect((await call(replica, '/replica-client.js')).text).toContain('window.__replica');
  });
});
