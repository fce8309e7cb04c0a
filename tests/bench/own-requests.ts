import type { Replica } from '@/tests/replica/server';

/** How long after its page loaded a conversation's load is counted, in both browsers (atScale). */
export const LOAD_SETTLE_MS = { full: 8_000, smoke: 1_000 };

/** A stretch of time on the replica's clock, epoch ms. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** A logged path to read in a table: the conversation id and the opaque cursors shortened. */
const shortPath = (path: string, conversationId: string): string =>
  path.replace(conversationId, '{id}').replace(/(before|after)=[^&]+/g, '$1=…');

/**
 * The extension's own requests (Sec-Fetch-Site: none in the replica's log) in a window, about one
 * conversation: those whose path or page names it. Requests that name none (/backend-api/me) are
 * counted with `andUnnamed`, for a window in which only one conversation is open.
 */
export function ownRequests(
  replica: Replica,
  conversationId: string,
  window: TimeWindow,
  { andUnnamed = false } = {},
): string[] {
  return replica
    .requests({ origin: 'extension' })
    .filter(
      (record) =>
        record.time >= window.from &&
        record.time <= window.to &&
        (record.conversationId === conversationId || (andUnnamed && record.conversationId === null)),
    )
    .map((record) => `${record.method} ${shortPath(record.path, conversationId)}`);
}

/** Extension requests in a window that name no conversation (not attributable while several tabs are open). */
export const unnamedOwnRequests = (replica: Replica, window: TimeWindow): number =>
  replica
    .requests({ origin: 'extension' })
    .filter(
      (record) => record.time >= window.from && record.time <= window.to && record.conversationId === null,
    ).length;

/** Waits until no extension request about the conversation has arrived for `quietMs`, at most `limitMs`. */
export async function waitForQuiet(
  replica: Replica,
  conversationId: string,
  { quietMs, limitMs }: { quietMs: number; limitMs: number },
): Promise<void> {
  const start = Date.now();
  for (;;) {
    const last = replica
      .requests({ origin: 'extension' })
      .filter((record) => record.conversationId === conversationId)
      .reduce((latest, record) => Math.max(latest, record.time), start);
    const now = Date.now();
    if (now - last >= quietMs || now - start >= limitMs) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * site-interface 5: the extension's token (GET /api/auth/session) is a step of its own, cached, and no
 * request for conversation data; the own-request figures count the endpoints of site-interface 4, so the
 * token fetches are a figure of their own.
 */
export const isTokenFetch = (request: string): boolean => request.startsWith('GET /api/auth/session');

/**
 * Every request in a window about one conversation, or naming none, from whatever sent it: the page or
 * the add-on, as Firefox tells them apart by no header (its add-on's fetches say Sec-Fetch-Site:
 * same-origin). Document loads are left out.
 */
export function requestsAbout(replica: Replica, conversationId: string, window: TimeWindow): string[] {
  return replica
    .requests()
    .filter(
      (record) =>
        record.origin !== 'other' &&
        record.time >= window.from &&
        record.time <= window.to &&
        (record.conversationId === conversationId || record.conversationId === null),
    )
    .map((record) => `${record.method} ${shortPath(record.path, conversationId)}`);
}

/** The requests of `all` left once each of `pageAlone` has taken away one equal to it. */
export function beyond(all: readonly string[], pageAlone: readonly string[]): string[] {
  const left = [...pageAlone];
  return all.filter((request) => {
    const at = left.indexOf(request);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}
