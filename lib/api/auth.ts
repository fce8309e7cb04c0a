import { CHAT_ORIGIN } from '@/lib/capture/endpoint';
import { isRecord, readString, readTimeMs } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { fail, ok, type Result } from '@/lib/model/result';
import { readBody, statusError } from './http-error';
import type { RateGovernor } from './rate-governor';
import type { FetchLike } from './request-timeout';

export const SESSION_PATH = '/api/auth/session';
/** A token whose expiry cannot be read is trusted this long before the session is asked again. */
export const UNKNOWN_EXPIRY_LIFETIME_MS = 10 * 60_000;
/** A token is renewed this long before it expires, so no request is sent with a token about to lapse. */
export const EXPIRY_MARGIN_MS = 60_000;

export interface AuthOptions {
  fetch: FetchLike;
  now: () => number;
  origin?: string;
  /**
   * The shared limiter; the session request is a request of the extension like any other
   * (architecture "One rate governor").
   */
  governor?: RateGovernor;
}

export interface Auth {
  /** The Authorization header value ("Bearer <ACCESS_TOKEN>"), fetching a token when none is valid. */
  authorization(): Promise<Result<string>>;
  /** Drops the held token after a 401, so the next authorization() asks the session again. */
  invalidate(): void;
}

/** The `exp` claim of a JWT access token in epoch ms, or null when the token is not a readable JWT. */
function jwtExpiryMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = parseJson(json);
    return claims.ok && isRecord(claims.value) ? readTimeMs(claims.value.exp) : null;
  } catch {
    return null;
  }
}

async function sendDirect(request: () => Promise<Response>): Promise<Result<Response>> {
  try {
    return ok(await request());
  } catch {
    return fail('network', 'The session request did not complete.');
  }
}

interface HeldToken {
  token: string;
  expiresAt: number;
}

/**
 * site-interface 5: the access token comes from GET /api/auth/session (`accessToken`) and is held in
 * memory only, with its expiry; it is never returned in an error, logged or stored (architecture "Secrets").
 */
export function createAuth(options: AuthOptions): Auth {
  const { fetch, now, governor, origin = CHAT_ORIGIN } = options;
  let held: HeldToken | null = null;
  let pending: Promise<Result<HeldToken>> | null = null;

  const request = (): Promise<Response> =>
    fetch(`${origin}${SESSION_PATH}`, { credentials: 'include', headers: { accept: 'application/json' } });

  const fetchToken = async (): Promise<Result<HeldToken>> => {
    const what = 'the session';
    const sent = governor !== undefined ? await governor.run(request) : await sendDirect(request);
    if (!sent.ok) return sent;
    const response = sent.value;
    if (!response.ok) return statusError(response.status, what);
    const body = await readBody(response, what);
    if (!body.ok) return body;
    const json = parseJson(body.value);
    if (!json.ok) return json;
    const token = isRecord(json.value) ? readString(json.value.accessToken) : null;
    if (token === null || token === '' || !isRecord(json.value)) {
      return fail(
        'signed-out',
        'Signed out of chatgpt.com: the session holds no access token. Sign in again.',
      );
    }
    const known = [jwtExpiryMs(token), readTimeMs(json.value.expires)].filter((time) => time !== null);
    const expiry = known.length > 0 ? Math.min(...known) : now() + UNKNOWN_EXPIRY_LIFETIME_MS;
    return ok({ token, expiresAt: expiry - EXPIRY_MARGIN_MS });
  };

  const authorization = async (): Promise<Result<string>> => {
    if (held === null || held.expiresAt <= now()) {
      held = null;
      // One session request at a time: parallel loads share it.
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      const fetched = await pending;
      if (!fetched.ok) return fetched;
      held = fetched.value;
    }
    return ok(`Bearer ${held.token}`);
  };

  return {
    authorization,
    invalidate: () => {
      held = null;
    },
  };
}
