import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import type { ProtocolMap } from '@/lib/runtime/contract/protocol';
import type { TabLens } from '@/lib/runtime/contract/tab-lens';
import type { Replica } from '@/tests/replica/server';
import { extensionOriginOf, rememberExtension } from './extension-origins';
import type { Lens } from './lens-test';

const LIVE_WORKER_TIMEOUT_MS = 20_000;
/**
 * How long a look waits for one listed worker to answer, or for a wake to be delivered: the handle of a
 * worker stopped under it, or a message to a worker still stopping, may never settle.
 */
const ONE_LOOK_MS = 2_000;

/** The promise's value, or `otherwise` once `ms` passed without one (or on its failure). */
const within = <T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> =>
  Promise.race([promise.catch(() => otherwise), delay(ms, otherwise)]);

/** How long a look waits for a worker to start before it gives the extension an event to start it. */
const WAKE_AFTER_MS = 3_000;

/**
 * Gives a stopped worker the event that starts it, as a page of the extension would: a runtime message.
 * Chrome stops a worker left 30 s without events (architecture "Browser facts"), and a test that waited
 * that long before its first look would otherwise wait for a worker nothing starts.
 */
async function wakeWorker(context: BrowserContext): Promise<void> {
  const known = context.serviceWorkers()[0]?.url() ?? extensionOriginOf(context);
  if (known === undefined) return;
  const page = await context.newPage();
  try {
    await page.goto(new URL('/popup.html', known).href);
    await page.evaluate(() => chrome.runtime.sendMessage({ wake: true }).catch(() => undefined));
  } finally {
    await page.close();
  }
}

/**
 * The extension's service worker as it runs now: after a stop (CDP ServiceWorker.stopAllWorkers, or Chrome
 * stopping an idle one) the handle the browser started with is gone, and the worker an event restarted is a
 * new one. It looks again until one answers: a worker restarted between a look and the wait that follows it
 * announced itself to nobody, so a wait for that announcement alone could last until it timed out.
 */
export async function liveWorker(context: BrowserContext): Promise<Worker> {
  const deadline = Date.now() + LIVE_WORKER_TIMEOUT_MS;
  let wakeAt = Date.now() + WAKE_AFTER_MS;
  for (;;) {
    for (const worker of [...context.serviceWorkers()].reverse()) {
      rememberExtension(context, new URL(worker.url()).host);
      const alive = await within(
        worker.evaluate(() => true),
        ONE_LOOK_MS,
        false,
      );
      if (alive) return worker;
    }
    if (Date.now() > deadline) {
      const listed = context.serviceWorkers().length;
      throw new Error(
        `No service worker of the extension answered in ${LIVE_WORKER_TIMEOUT_MS / 1000} s (${listed} listed, none alive).`,
      );
    }
    // Woken again while none answers: a wake can come while the worker it starts is still stopping.
    if (Date.now() > wakeAt) {
      wakeAt = Date.now() + WAKE_AFTER_MS;
      await within(wakeWorker(context), ONE_LOOK_MS * 5, undefined);
    }
    await context.waitForEvent('serviceworker', { timeout: 500 }).catch(() => undefined);
  }
}

/**
 * The tab clock's test-only interval (storage-items.ts fallbackIntervalItem), read as a tab opens; null
 * puts back site-interface 8's 12 s.
 */
export async function setFallbackInterval(context: BrowserContext, intervalMs: number | null): Promise<void> {
  const worker = await liveWorker(context);
  await worker.evaluate(
    (ms) =>
      ms === null
        ? chrome.storage.local.remove('fallbackIntervalMs')
        : chrome.storage.local.set({ fallbackIntervalMs: ms }),
    intervalMs,
  );
}

/** The tab's lens as the worker stored it (storage-items.ts tabLensItem), or null. */
export async function storedLens(context: BrowserContext, tabId: number): Promise<TabLens | null> {
  const key = `tabLens:${tabId}`;
  const worker = await liveWorker(context);
  const stored = await worker.evaluate((name: string) => chrome.storage.session.get(name), key);
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
