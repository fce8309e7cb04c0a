import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { REPLICA_TOKEN_PREFIX, type Replica, startReplica } from '@/tests/replica/server';
import { call, json } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

const id = FIXTURE_IDS.plain;

/** The session cookie the chat page sets, as a browser would send it back. */
async function sessionCookie(): Promise<string> {
  const page = await call(replica, `/c/${id}`);
  const setCookie = String(page.headers['set-cookie'] ?? '');
  return setCookie.split(';')[0] ?? '';
}

describe('authentication (site-interface 5)', () => {
  it.each([
    ['GET', `/backend-api/conversations/${id}?include_has_versions=true&num_turns=100`],
    ['GET', `/backend-api/conversation/${id}`],
    ['GET', `/backend-api/bazaar/conversation/${id}/ads`],
    ['GET', '/backend-api/me'],
    ['GET', `/backend-api/conversation/${id}/stream_status`],
    ['GET', `/conversation/${id}/stream_status`],
    ['POST', '/backend-api/search/product_update'],
    ['POST', '/backend-api/f/conversation'],
  ])('%s %s answers 401 JSON without the Bearer token', async (method, path) => {
    const response = await call(replica, path, { method, headers: { authorization: 'Bearer wrong' } });
    expect(response.status).toBe(401);
    expect(json(response)).toHaveProperty('detail');
  });

  it('gives the session token only with the cookie the chat page sets', async () => {
    expect(json(await call(replica, '/api/auth/session'))).toEqual({});
    const session = json(
      await call(replica, '/api/auth/session', { headers: { cookie: await sessionCookie() } }),
    );
    expect(session.accessToken).toBe(replica.accessToken);
    expect(String(session.accessToken).startsWith(REPLICA_TOKEN_PREFIX)).toBe(true);
    expect(Date.parse(String(session.expires))).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it('refuses a forged session cookie', async () => {
    const forged = '__Secure-next-auth.session-token=session-forged';
    expect(json(await call(replica, '/api/auth/session', { headers: { cookie: forged } }))).toEqual({});
  });

  it('sets the session cookie Secure, HttpOnly, SameSite=Lax on the whole site', async () => {
    const setCookie = String((await call(replica, '/')).headers['set-cookie']);
    expect(setCookie).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
  });

  it('makes a new token for every start', async () => {
    const other = await startReplica();
    expect(other.accessToken).not.toBe(replica.accessToken);
    await other.close();
  });
});
