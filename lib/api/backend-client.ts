import { parseJson } from '@/lib/model/parse-json';
import { fail, type Result } from '@/lib/model/result';
import type { Auth } from './auth';
import { CHAT_ORIGIN } from './chat-origin';
import type { FetchLike } from './fetch-like';
import { readBody, statusError } from './http-error';
import type { RateGovernor } from './rate-governor';

export type QueryValue = string | number | boolean | undefined;

export interface BackendClientOptions {
  fetch: FetchLike;
  auth: Auth;
  governor: RateGovernor;
  origin?: string;
}

export interface BackendClient {
  /**
   * GET a JSON resource of the interface document. 401, 404, 429, 5xx, a failed request and a
   * malformed body each come back as their typed error; nothing throws.
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

  const send = async (url: string): Promise<Result<Response>> => {
    const authorization = await auth.authorization();
    if (!authorization.ok) return authorization;
    return governor.run(() =>
      fetch(url, { headers: { authorization: authorization.value, accept: 'application/json' } }),
    );
  };

  const getJson = async (path: string, query: Record<string, QueryValue> = {}): Promise<Result<unknown>> => {
    const url = withQuery(`${origin}${path}`, query);
    const what = `GET ${path}`;
    let sent = await send(url);
    // interface 5: a 401 means the held token lapsed; ask the session once more, then give up.
    if (sent.ok && sent.value.status === 401) {
      auth.invalidate();
      sent = await send(url);
      if (sent.ok && sent.value.status === 401) {
        return fail(
          'signed-out',
          'Signed out of chatgpt.com: a fresh token was refused too. Sign in again.',
          {
            status: 401,
          },
        );
      }
    }
    if (!sent.ok) return sent;
    if (!sent.value.ok) return statusError(sent.value.status, what);
    const body = await readBody(sent.value, what);
    if (!body.ok) return body;
    const json = parseJson(body.value);
    return json.ok ? json : fail('malformed-json', `${what}: ${json.error.message}`);
  };

  return { getJson };
}
