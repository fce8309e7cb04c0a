import { describe, expect, it } from 'vitest';
import { clientOver, jsonResponse, TOKEN } from '@/tests/support/fakes/fake-backend';

describe('createBackendClient', () => {
  it('sends the Bearer token and the query, and returns the parsed body', async () => {
    const { client, backendRequests } = clientOver(() => jsonResponse({ hello: 'world' }));
    const result = await client.getJson('/backend-api/conversations/c1', {
      num_turns: 100,
      before: undefined,
      x: true,
    });
    expect(result).toEqual({ ok: true, value: { hello: 'world' }, warnings: [] });
    const [request] = backendRequests();
    expect(request?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.url.href).toBe('https://chatgpt.com/backend-api/conversations/c1?num_turns=100&x=true');
  });

  it('on a 401 fetches a fresh token once and retries with it', async () => {
    const { client, backendRequests } = clientOver(
      (request) =>
        request.authorization === 'Bearer fresh' ? jsonResponse({ ok: 1 }) : jsonResponse({}, 401),
      ['stale', 'fresh'],
    );
    expect(await client.getJson('/backend-api/me')).toMatchObject({ ok: true, value: { ok: 1 } });
    expect(backendRequests().map((request) => request.authorization)).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
  });

  it('gives up with "signed-out" when the fresh token is refused too', async () => {
    const { client, backendRequests } = clientOver(() => jsonResponse({}, 401), ['a', 'b', 'c']);
    const result = await client.getJson('/backend-api/me');
    expect(result).toMatchObject({ ok: false, error: { code: 'signed-out', status: 401 } });
    expect(backendRequests()).toHaveLength(2);
    expect(JSON.stringify(result)).not.toMatch(/Bearer|"a"|"b"/);
  });

  it.each([
    [404, 'not-found'],
    [500, 'server'],
    [503, 'server'],
    [418, 'http'],
  ])('maps status %i to a %s error', async (status, code) => {
    const { client } = clientOver(() => jsonResponse({ detail: 'x' }, status));
    expect(await client.getJson('/backend-api/conversation/c1')).toMatchObject({
      ok: false,
      error: { code, status },
    });
  });

  it('maps 429 to rate-limited with the time to retry, and holds the next call', async () => {
    const { client, clock, backendRequests } = clientOver(() =>
      jsonResponse({}, 429, { 'retry-after': '7' }),
    );
    const result = await client.getJson('/backend-api/conversation/c1');
    expect(result).toMatchObject({ ok: false, error: { code: 'rate-limited', retryAt: clock.now() + 7000 } });
    await client.getJson('/backend-api/conversation/c1');
    expect(backendRequests()).toHaveLength(1);
  });

  it('maps a failed request to a network error and a malformed body to malformed-json', async () => {
    const offline = clientOver(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.client.getJson('/backend-api/me')).toMatchObject({
      ok: false,
      error: { code: 'network' },
    });
    const garbled = clientOver(() => new Response('{"messages": [', { status: 200 }));
    expect(await garbled.client.getJson('/backend-api/me')).toMatchObject({
      ok: false,
      error: {
        code: 'malformed-json',
        message: expect.stringMatching(/GET \/backend-api\/me: .*position 14/),
      },
    });
  });

  it('sends any call, a POST included, with the token, a fresh one after a 401, through the governor', async () => {
    const { client, backendRequests } = clientOver(
      (request) =>
        request.authorization === 'Bearer fresh' ? new Response('data: [DONE]\n\n') : jsonResponse({}, 401),
      ['stale', 'fresh'],
    );
    const sent = await client.send('/backend-api/search/product_update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sent.ok && (await sent.value.text())).toBe('data: [DONE]\n\n');
    expect(backendRequests().map((request) => [request.url.pathname, request.authorization])).toEqual([
      ['/backend-api/search/product_update', 'Bearer stale'],
      ['/backend-api/search/product_update', 'Bearer fresh'],
    ]);
  });
});
