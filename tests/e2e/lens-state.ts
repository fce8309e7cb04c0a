import type { BrowserContext, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import type { ProtocolMap } from '@/lens/runtime/contract/protocol';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import type { Replica } from '@/tests/replica/server';
import { extensionApi } from './extension-origins';
import type { Lens } from './lens-test';

/**
 * The tab clock's test-only interval (storage-items.ts fallbackIntervalItem), read as a tab opens; null
 * puts back site-interface 8's 12 s.
 */
export async function setFallbackInterval(context: BrowserContext, intervalMs: number | null): Promise<void> {
  await extensionApi(context).evaluate(
    (ms) =>
      ms === null
        ? chrome.storage.local.remove('fallbackIntervalMs')
        : chrome.storage.local.set({ fallbackIntervalMs: ms }),
    intervalMs,
  );
}

/**
 * setFallbackInterval for the running test, the 12 s put back when it finishes, whatever its outcome: a
 * failing step leaves the file's later tests their own clock.
 */
export async function setFallbackIntervalForTest(context: BrowserContext, intervalMs: number): Promise<void> {
  onTestFinished(() => setFallbackInterval(context, null));
  await setFallbackInterval(context, intervalMs);
}

/** The tab's lens as the worker stored it (storage-items.ts tabLensItem), or null. */
export async function storedLens(context: BrowserContext, tabId: number): Promise<TabLens | null> {
  const key = `tabLens:${tabId}`;
  const stored = await extensionApi(context).evaluate(
    (name: string) => chrome.storage.session.get(name),
    key,
  );
  return (stored[key] as TabLens | undefined) ?? null;
}

/** Where a lens stood, for a wait that failed: its load, offers run, wait, errors and progress. */
export function lensDigest(state: TabLens | null): string {
  if (state === null) return 'no lens stored';
  const snapshot = state.snapshot;
  if (snapshot == null) return `no snapshot (conversation ${state.conversationId ?? 'none'})`;
  const { load, offersRefresh, rateLimitedUntil, errors, progress } = snapshot;
  return JSON.stringify({
    load,
    offersRefresh,
    rateLimitedUntil,
    errors,
    progress,
    summary: snapshot.summary !== null,
  });
}

/**
 * Waits until the tab's stored lens, as `read` reads it (from Chromium's worker, or a page of the Firefox
 * add-on), satisfies `ready`, and returns that lens; when it never does, the failure says where the lens
 * stood.
 */
export async function waitForLensRead(
  read: () => Promise<TabLens | null>,
  tabId: number,
  ready: (state: TabLens) => boolean,
  timeout = 20_000,
): Promise<TabLens> {
  let last: TabLens | null = null;
  await expect
    .poll(
      async () => {
        last = await read();
        return last !== null && ready(last) ? 'ready' : lensDigest(last);
      },
      { timeout, interval: 200 },
    )
    .toBe('ready');
  if (last === null) throw new Error(`no lens stored for tab ${tabId}`);
  return last;
}

/** waitForLensRead of the lens the extension's service worker stored. */
export const waitForLens = (
  lens: Lens,
  tabId: number,
  ready: (state: TabLens) => boolean,
  timeout?: number,
): Promise<TabLens> => waitForLensRead(() => storedLens(lens.context, tabId), tabId, ready, timeout);

/** The extension's own requests to the backend (the session request that gives the token left out). */
export const ownBackendRequests = (replica: Replica, pathPrefix = '/backend-api/') =>
  replica.requests({ origin: 'extension', pathPrefix });

/** The `before` cursors of the extension's own messages-format requests for a conversation. */
export const ownPageCursors = (replica: Replica, conversationId: string): Array<string | null> =>
  ownBackendRequests(replica, `/backend-api/conversations/${conversationId}`).map((request) =>
    new URL(request.path, 'https://chatgpt.com').searchParams.get('before'),
  );

/**
 * Sends a protocol message the way the UI does (@webext-core/messaging's envelope), from an extension page,
 * and returns its answer.
 */
export async function askWorker<K extends keyof ProtocolMap>(
  extensionPage: Page,
  type: K,
  data: Parameters<ProtocolMap[K]>[0],
): Promise<ReturnType<ProtocolMap[K]>> {
  const answer = (await extensionPage.evaluate(
    (message) => chrome.runtime.sendMessage({ ...message, id: 1, timestamp: Date.now() }),
    { type, data },
  )) as { res?: ReturnType<ProtocolMap[K]>; err?: unknown };
  if (answer.err !== undefined) throw new Error(`${type} failed: ${JSON.stringify(answer.err)}`);
  return answer.res as ReturnType<ProtocolMap[K]>;
}
