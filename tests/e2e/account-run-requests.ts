import { expect } from 'vitest';
import type { AccountRunStatus } from '@/lens/runtime/contract/account-run';
import { BATCH_PATH } from '@/lib/api/conversations-batch';
import type { ReplicaRequestRecord } from '@/tests/replica/server';

/**
 * What the drills of "Add the whole account" (architecture "Adding the whole account") read of a run, in
 * Chromium and in Firefox: its status as the worker stores it, and the replica's log of its requests.
 */

/** The conversation a read alone asks for (site-interface 4.1), or null for any other request. */
function aloneReadOf(request: ReplicaRequestRecord): string | null {
  if (request.path === BATCH_PATH) return null;
  return /^\/backend-api\/conversations\/([^/?]+)/.exec(request.path)?.[1] ?? null;
}

/** The reads of each conversation alone that the site answered other than 429, by id. */
export function readsAlone(requests: readonly ReplicaRequestRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const id = aloneReadOf(request);
    if (id !== null && request.status !== 429) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** How many answers held each conversation: a read alone answered 200, or a batch read's (site-interface 10.13). */
export function servedConversations(requests: readonly ReplicaRequestRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const alone = aloneReadOf(request);
    const ids =
      request.path === BATCH_PATH
        ? (request.served ?? [])
        : alone !== null && request.status === 200
          ? [alone]
          : [];
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * What a finished run asked for, conversation by conversation (site-interface 10.13): each listed one held by
 * one answer, the one left out of its batch read alone once, each broken one asked for alone three times
 * (its tries) and held by none.
 */
export function expectEachHeldOnce(
  requests: readonly ReplicaRequestRecord[],
  listed: readonly { id: string; broken: unknown }[],
  leftOut: string,
): void {
  const served = servedConversations(requests);
  for (const item of listed) expect(served.get(item.id)).toBe(item.broken === null ? 1 : undefined);
  const alone = readsAlone(requests);
  for (const item of listed)
    expect(alone.get(item.id)).toBe(item.broken !== null ? 3 : item.id === leftOut ? 1 : undefined);
}

/** The batch reads the site answered. */
export const answeredBatches = (requests: readonly ReplicaRequestRecord[]): ReplicaRequestRecord[] =>
  requests.filter((request) => request.path === BATCH_PATH && request.status === 200);

/** Polls the run's stored status (`local:accountRun`) until it meets `done`; the status that did. */
export async function waitForAccountRun(
  read: () => Promise<AccountRunStatus | undefined>,
  done: (status: AccountRunStatus) => boolean,
  what: string,
  timeout: number,
): Promise<AccountRunStatus> {
  let last: AccountRunStatus | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        return last !== undefined && done(last);
      },
      { timeout, interval: 250 },
    )
    .toBe(true)
    .catch((error: unknown) => {
      // Where the run stood tells a run that stalled from one that was slow.
      throw new Error(`the run never came to ${what}; its last status: ${JSON.stringify(last)}`, {
        cause: error,
      });
    });
  return last as AccountRunStatus;
}
