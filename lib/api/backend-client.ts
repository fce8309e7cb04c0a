import { CHAT_ORIGIN } from '@/lib/capture/endpoint';
import { parseJson } from '@/lib/model/parse-json';
import { fail, type Result } from '@/lib/model/result';
import type { Auth } from './auth';
import { readBody, statusError } from './http-error';
import type { RateGovernor } from './rate-governor';
import type { FetchLike } from './request-timeout';

export type QueryValue = string | number | boolean | undefined;

export interface BackendClientOptions {
  fetch: FetchLike;
  auth: Auth;
  governor: RateGovernor;
  origin?: string;
}

export interface BackendClient {
  /**
   * Any call of the site's interface (site-interface 4, a path below the origin), authenticated and through
   * the rate governor, with one fresh token after a 401. The product_update POST (site-interface 4.4) goes
   * through here.
   */
  send(path: string, init?: RequestInit): Promise<Result<Response>>;
  /**
   * GET a JSON resource of the site's interface (site-interface 4). 401, 404, 429, 5xx, a failed request and
   * a malformed body each come back as their typed error; nothing throws.
   */
  getJson(path: string, query?: Record<string, QueryValue>): Promise<Result<unknown>>;
}

function withQuery(url: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? url : `${url}?${text}`;
}

export function createBackendClient(options: BackendClientOptions): BackendClient {
  const { fetch, auth, governor, origin = CHAT_ORIGIN } = options;

  const sendOnce = async (url: string, init: RequestInit): Promise<Result<Response>> => {
    const authorization = await auth.authorization();
    if (!authorization.ok) return authorization;
    const headers = new Headers(init.headers);
    headers.set('authorization', authorization.value);
    return governor.run(() => fetch(url, { ...init, headers }));
  };

  const sendTo = async (url: string, init: RequestInit = {}): Promise<Result<Response>> => {
    const sent = await sendOnce(url, init);
    if (!sent.ok || sent.value.status !== 401) return sent;
    // site-interface 5: a 401 means the held token lapsed; ask the session once more, then give up.
    auth.invalidate();
    const again = await sendOnce(url, init);
    if (again.ok && again.value.status === 401) {
      return fail('signed-out', 'Signed out of chatgpt.com: a fresh token was refused too. Sign in again.', {
        status: 401,
      });
    }
    return again;
  };

  const getJson = async (path: string, query: Record<string, QueryValue> = {}): Promise<Result<unknown>> => {
    const what = `GET ${path}`;
    const sent = await sendTo(withQuery(`${origin}${path}`, query), {
      headers: { accept: 'application/json' },
    });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return statusError(sent.value.status, what);
    const body = await readBody(sent.value, what);
    if (!body.ok) return body;
    const json = parseJson(body.value);
    return json.ok ? json : fail('malformed-json', `${what}: ${json.error.message}`);
  };

  return { send: (path, init) => sendTo(`${origin}${path}`, init), getJson };
}
