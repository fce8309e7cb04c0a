import type { BrowserContext, Worker } from 'playwright-core';
import { within } from '@/tests/support/within';
import { extensionOriginOf, rememberExtension } from './extension-origins';

const LIVE_WORKER_TIMEOUT_MS = 20_000;
/**
 * How long a look waits for one listed worker to answer, or for a wake to be delivered: the handle of a
 * worker stopped under it, or a message to a worker still stopping, may never settle.
 */
const ONE_LOOK_MS = 2_000;

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
