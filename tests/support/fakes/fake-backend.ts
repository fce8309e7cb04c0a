import { createAuth } from '@/lib/api/auth';
import { createBackendClient } from '@/lib/api/backend-client';
import { createRateGovernor } from '@/lib/api/rate-governor';
import type { FetchLike } from '@/lib/api/request-timeout';

/** A request as the fake server saw it. */
export interface SeenRequest {
  url: URL;
  authorization: string | null;
}

export type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fetch that answers from `handler` and records every request, as the replica's request log does. */
export function fakeFetch(handler: Handler): { fetch: FetchLike; requests: SeenRequest[] } {
  const requests: SeenRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers = new Headers(init?.headers);
    const request = { url: new URL(url), authorization: headers.get('authorization') };
    requests.push(request);
    return handler(request);
  };
  return { fetch, requests };
}

/** A clock that only moves when told to; sleep moves it. */
export function fakeClock(start = Date.UTC(2026, 9, 25, 12, 0)) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
    sleep: async (ms: number) => {
      time += Math.max(0, ms);
    },
  };
}

type FakeClock = ReturnType<typeof fakeClock>;

export const TOKEN = 'token-1';

/**
 * A backend client wired as the runtime wires it, over a fake server that hands out access tokens
 * from /api/auth/session and passes every other request to `handler`. `clock` is the governor's and
 * the token's time (a test whose timers run on a fake scheduler passes that scheduler's).
 */
export function clientOver(handler: Handler, tokens: string[] = [TOKEN], clock: FakeClock = fakeClock()) {
  let issued = 0;
  const server = fakeFetch((request) => {
    if (request.url.pathname === '/api/auth/session') {
      const token = tokens[Math.min(issued, tokens.length - 1)];
      issued += 1;
      return jsonResponse({ accessToken: token, expires: '2027-01-01T00:00:00.000Z' });
    }
    return handler(request);
  });
  const governor = createRateGovernor({ now: clock.now, sleep: clock.sleep });
  const auth = createAuth({ fetch: server.fetch, now: clock.now, governor });
  const client = createBackendClient({ fetch: server.fetch, auth, governor });
  const backendRequests = () =>
    server.requests.filter((request) => request.url.pathname !== '/api/auth/session');
  return { client, governor, clock, requests: server.requests, backendRequests };
}
