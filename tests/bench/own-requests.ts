import type { Replica } from '@/tests/replica/server';

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
