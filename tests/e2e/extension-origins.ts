import type { BrowserContext, Page } from 'playwright-core';

/**
 * Where each browser's extension lives, from its launch or the first of its workers seen: once Chrome stops
 * the worker, the browser lists none, and a page of the extension is the only way left to start it.
 */
const extensionOrigins = new WeakMap<BrowserContext, string>();

/** Remembers the extension of a browser, the first time it is told. */
export function rememberExtension(context: BrowserContext, extensionId: string): void {
  if (!extensionOrigins.has(context)) extensionOrigins.set(context, `chrome-extension://${extensionId}`);
}

export const extensionOriginOf = (context: BrowserContext): string | undefined =>
  extensionOrigins.get(context);

const apiPages = new WeakMap<BrowserContext, Page>();

/**
 * Opens, at the browser's start, a tab of the extension's origin that runs none of its code: its
 * manifest.json. It has the extension's APIs (its storage areas, the tabs it may see, windows) and, unlike
 * the worker, it is never stopped: a test reads and sets stored state through it, whether the worker runs
 * or not. Playwright may lose the handle of a worker that Chrome stopped and started again, and every
 * later look at the worker of that browser then fails. Opened first, it stays behind the tabs a test opens,
 * so it hides none of them (a hidden chat tab pauses the extension).
 */
export async function openExtensionApi(context: BrowserContext, extensionId: string): Promise<void> {
  rememberExtension(context, extensionId);
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/manifest.json`);
  apiPages.set(context, page);
}

/** The page openExtensionApi opened for the browser. */
export function extensionApi(context: BrowserContext): Page {
  const page = apiPages.get(context);
  if (page === undefined || page.isClosed())
    throw new Error('The extension API page of this browser is not open.');
  return page;
}

/**
 * Opens `url` in a new tab as the extension's own `tabs.create` opens one, loaded. A tab Playwright opens
 * starts on about:blank in a renderer of its own, which an extension page then leaves for the extension's
 * process: of the CPU a popup's open took here, that blank page was a third (testing "Lanes"). Playwright
 * attaches to such a tab after its document was asked for, which only a page of the extension's own files
 * can spare. A page whose scripts must be set before it loads (`addInitScript`) is opened by Playwright.
 */
export async function openExtensionTab(context: BrowserContext, url: string): Promise<Page> {
  const before = new Set(context.pages());
  await extensionApi(context).evaluate(async (address) => {
    await chrome.tabs.create({ url: address });
  }, url);
  // Playwright learns of the tab a moment after the browser made it.
  const opened = (): Page | undefined =>
    context.pages().find((page) => !before.has(page) && page.url() === url);
  for (let waited = 0; opened() === undefined; waited += 1) {
    if (waited === 3_000) throw new Error(`no tab of ${url} appeared`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const page = opened() as Page;
  // Asked of the page itself: Playwright attaches to such a tab after its document was asked for, and once
  // in a run of the suite it reported the tab's network idle but never its load, though the page had loaded.
  await page.waitForFunction(() => document.readyState === 'complete');
  return page;
}
