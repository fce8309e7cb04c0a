import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SESSION_USER } from '@/tests/replica/fixtures/account';
import { CANARY_MARKERS } from '@/tests/replica/fixtures/canaries';

// Every access token the replica hands out starts with this, so a test can search any output for it.
export { REPLICA_TOKEN_PREFIX } from '@/tests/replica/fixtures/canaries';

/** The site's session cookie; the chat page sets it, /api/auth/session requires it. */
export const SESSION_COOKIE = '__Secure-next-auth.session-token';

export interface ReplicaCredentials {
  accessToken: string;
  sessionToken: string;
}

/** New secrets per server start. */
export function createCredentials(): ReplicaCredentials {
  return {
    accessToken: `${CANARY_MARKERS.accessToken}${randomBytes(12).toString('hex')}`,
    sessionToken: `session-${randomBytes(16).toString('hex')}`,
  };
}

export function sessionCookieHeader(credentials: ReplicaCredentials): string {
  return `${SESSION_COOKIE}=${credentials.sessionToken}; Secure; SameSite=Lax; HttpOnly; Path=/`;
}

function cookieValue(request: IncomingMessage, name: string): string | null {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}

export function hasSessionCookie(request: IncomingMessage, credentials: ReplicaCredentials): boolean {
  return cookieValue(request, SESSION_COOKIE) === credentials.sessionToken;
}

/** site-interface 5: backend calls carry the access token as `Authorization: Bearer <token>`. */
export function isAuthorized(request: IncomingMessage, credentials: ReplicaCredentials): boolean {
  return request.headers.authorization === `Bearer ${credentials.accessToken}`;
}

/** The body of GET /api/auth/session: the token only for a signed-in browser, `{}` otherwise. */
export function sessionBody(request: IncomingMessage, credentials: ReplicaCredentials, now: number): unknown {
  if (!hasSessionCookie(request, credentials)) return {};
  return {
    user: SESSION_USER,
    expires: new Date(now + 3_600_000).toISOString(),
    accessToken: credentials.accessToken,
    authProvider: 'auth0',
  };
}
