import { describe, expect, it } from 'vitest';
import { createAuth, EXPIRY_MARGIN_MS, UNKNOWN_EXPIRY_LIFETIME_MS } from '@/lib/api/auth';
import { fakeClock, fakeFetch, jsonResponse } from '@/tests/support/fakes/fake-backend';

const jwtExpiringAt = (epochSeconds: number): string =>
  `header.${Buffer.from(JSON.stringify({ exp: epochSeconds })).toString('base64url')}.signature`;

function sessionServer(bodies: unknown[]) {
  let served = 0;
  return fakeFetch(() => {
    const body = bodies[Math.min(served, bodies.length - 1)];
    served += 1;
    return jsonResponse(body);
  });
}

describe('createAuth', () => {
  it('reads accessToken from the session endpoint and gives a Bearer header', async () => {
    const server = sessionServer([{ accessToken: 'abc' }]);
    const auth = createAuth({ fetch: server.fetch, now: fakeClock().now });
    expect(await auth.authorization()).toEqual({ ok: true, value: 'Bearer abc', warnings: [] });
    expect(server.requests[0]?.url.href).toBe('https://chatgpt.com/api/auth/session');
  });

  it('keeps the token in memory until shortly before its JWT expiry', async () => {
    const clock = fakeClock();
    const expiry = clock.now() / 1000 + 3600;
    const server = sessionServer([{ accessToken: jwtExpiringAt(expiry) }, { accessToken: 'second' }]);
    const auth = createAuth({ fetch: server.fetch, now: clock.now });
    await auth.authorization();
    clock.advance(3600_000 - EXPIRY_MARGIN_MS - 1);
    await auth.authorization();
    expect(server.requests).toHaveLength(1);
    clock.advance(1);
    expect(await auth.authorization()).toMatchObject({ value: 'Bearer second' });
    expect(server.requests).toHaveLength(2);
  });

  it('trusts a token of unreadable expiry for a bounded time', async () => {
    const clock = fakeClock();
    const server = sessionServer([{ accessToken: 'opaque' }]);
    const auth = createAuth({ fetch: server.fetch, now: clock.now });
    await auth.authorization();
    clock.advance(UNKNOWN_EXPIRY_LIFETIME_MS - EXPIRY_MARGIN_MS);
    await auth.authorization();
    expect(server.requests).toHaveLength(2);
  });

  it('asks the session again after invalidate()', async () => {
    const server = sessionServer([{ accessToken: 'first' }, { accessToken: 'second' }]);
    const auth = createAuth({ fetch: server.fetch, now: fakeClock().now });
    await auth.authorization();
    auth.invalidate();
    expect(await auth.authorization()).toMatchObject({ value: 'Bearer second' });
  });

  it('shares one session request between parallel callers', async () => {
    const server = sessionServer([{ accessToken: 'abc' }]);
    const auth = createAuth({ fetch: server.fetch, now: fakeClock().now });
    const results = await Promise.all([auth.authorization(), auth.authorization(), auth.authorization()]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('says "signed out" when the session holds no token', async () => {
    for (const body of [{}, { accessToken: '' }, { user: null }]) {
      const auth = createAuth({ fetch: sessionServer([body]).fetch, now: fakeClock().now });
      expect(await auth.authorization()).toMatchObject({ ok: false, error: { code: 'signed-out' } });
    }
  });

  it('reports a failing session request with its typed error', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('offline')));
    const auth = createAuth({ fetch: down.fetch, now: fakeClock().now });
    expect(await auth.authorization()).toMatchObject({ ok: false, error: { code: 'network' } });
    const broken = fakeFetch(() => new Response('<html>', { status: 200 }));
    const auth2 = createAuth({ fetch: broken.fetch, now: fakeClock().now });
    expect(await auth2.authorization()).toMatchObject({ ok: false, error: { code: 'malformed-json' } });
  });
});
