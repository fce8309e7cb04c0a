import { describe, expect, it } from 'vitest';
import { createAuth } from '@/lib/api/auth';
import { createBackendClient } from '@/lib/api/backend-client';
import { createRateGovernor } from '@/lib/api/rate-governor';
import {
  type FetchLike,
  REQUEST_TIMEOUT_MS,
  type RequestDeadline,
  withDeadline,
} from '@/lib/api/request-timeout';
import { fakeClock, jsonResponse } from '@/tests/support/fakes/fake-backend';

/** A deadline the test lets pass when it wants: every request's signal is aborted by `pass()`. */
function testDeadline() {
  const signals: AbortController[] = [];
  const deadline: RequestDeadline = {
    ms: REQUEST_TIMEOUT_MS,
    signal: () => {
      const controller = new AbortController();
      signals.push(controller);
      return controller.signal;
    },
  };
  const pass = (): void => {
    for (const controller of signals.splice(0))
      controller.abort(new DOMException('signal timed out', 'TimeoutError'));
  };
  return { deadline, pass };
}

/** A server that answers only when told, as a stalled site does; the request gives up on its signal. */
function stalledServer() {
  const waiting: Array<(response: Response) => void> = [];
  const fetch: FetchLike = (url, init) =>
    new Promise((resolve, reject) => {
      if (new URL(url).pathname === '/api/auth/session') {
        resolve(jsonResponse({ accessToken: 'token-1', expires: '2027-01-01T00:00:00.000Z' }));
        return;
      }
      waiting.push(resolve);
      init?.signal?.addEventListener('abort', () => {
        const at = waiting.indexOf(resolve);
        if (at >= 0) waiting.splice(at, 1);
        reject(init.signal?.reason);
      });
    });
  return {
    fetch,
    /** Resolves once a request waits for its answer. */
    async waiting(): Promise<void> {
      while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    },
    answer: (response: Response) => waiting.shift()?.(response),
  };
}

describe('a request given up after its deadline (a slow response)', () => {
  it('is an error that says how long it waited, and the next request goes out as usual', async () => {
    const clock = fakeClock();
    const server = stalledServer();
    const { deadline, pass } = testDeadline();
    const governor = createRateGovernor({ now: clock.now });
    // As the worker wires it (background-main.ts): the deadline is the fetch's.
    const fetch = withDeadline(server.fetch, deadline);
    const auth = createAuth({ fetch, now: clock.now, governor });
    const client = createBackendClient({ fetch, auth, governor });

    const stalled = client.getJson('/backend-api/conversations/c1');
    await server.waiting();
    pass();
    expect(await stalled).toMatchObject({
      ok: false,
      error: { code: 'network', message: expect.stringContaining('no answer within 20 s') },
    });
    // A timeout is not a 429: nothing is held.
    expect(governor.waitUntil()).toBeNull();

    const next = client.getJson('/backend-api/conversations/c1');
    await server.waiting();
    server.answer(jsonResponse({ title: 'Back' }));
    expect(await next).toMatchObject({ ok: true, value: { title: 'Back' } });
  });

  it('leaves other failures as they were', async () => {
    const failing: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(withDeadline(failing, testDeadline().deadline)('https://chatgpt.com/')).rejects.toThrow(
      'Failed to fetch',
    );
  });

  it('is 20 s by default, on a real timer signal', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    let signal: AbortSignal | undefined;
    const fetch: FetchLike = async (_url, init) => {
      signal = init?.signal ?? undefined;
      return jsonResponse({});
    };
    await withDeadline(fetch)('https://chatgpt.com/backend-api/me');
    expect(signal?.aborted).toBe(false);
  });
});
