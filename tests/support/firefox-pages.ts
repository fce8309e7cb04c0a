import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { type Browser, type Page, ProtocolError } from 'puppeteer-core';
import { within } from './within';

const TIMEOUT_MS = 20_000;

/**
 * Starts a navigation without awaiting it: Firefox never reports the load of a moz-extension:// page over
 * WebDriver BiDi, so whoever opens one waits for its content instead.
 */
export function startNavigation(page: Page, url: string): void {
  page.goto(url).catch(() => undefined);
}

/**
 * How long one question to the page waits there for `selector`. Puppeteer never settles a question whose
 * document was replaced while it waited, so each waits only this long in the page, and the driver no
 * longer than ASK_LIMIT_MS for its answer, before asking again.
 */
const IN_PAGE_WAIT_MS = 1_000;
const ASK_LIMIT_MS = 3_000;

/**
 * Waits until `selector` is in the page a navigation started; not in the blank document the new tab holds
 * before it, which has a body too. Puppeteer's own waitForSelector keeps a handle in the blank document the
 * tab starts with; once Firefox replaces it by the extension page, that handle's realm is gone and the
 * wait fails ("got null" from the BiDi script module). So the blank document is asked again every 10 ms,
 * and the page's own document, once there, watches for the element itself (a MutationObserver, attributes
 * too: a selector may name one that changes in place, as `main[data-face]`) and answers as it comes.
 * Asking every 10 ms until then cost Firefox's parent process, which runs the driver's agent, about 0.2 s
 * of CPU an open (testing "Lanes"). One asked during the swap fails and is asked again.
 */
export async function waitForContent(page: Page, selector: string, timeout = TIMEOUT_MS): Promise<void> {
  const deadline = performance.now() + timeout;
  for (;;) {
    const waitMs = Math.max(0, Math.min(IN_PAGE_WAIT_MS, deadline - performance.now()));
    const asked = page.evaluate(
      (wanted: string, waitMs: number) =>
        new Promise<boolean>((resolve) => {
          if (location.href === 'about:blank' || document.querySelector(wanted) !== null) {
            resolve(location.href !== 'about:blank');
            return;
          }
          const observer = new MutationObserver(() => {
            if (document.querySelector(wanted) === null) return;
            observer.disconnect();
            clearTimeout(timer);
            resolve(true);
          });
          observer.observe(document, { attributes: true, childList: true, subtree: true });
          const timer = setTimeout(() => {
            observer.disconnect();
            resolve(document.querySelector(wanted) !== null);
          }, waitMs);
        }),
      selector,
      waitMs,
    );
    const found = await within(asked, waitMs + ASK_LIMIT_MS, false);
    if (found) return;
    if (performance.now() >= deadline)
      throw new Error(`${selector} is not in ${page.url()} after ${timeout} ms.`);
    await delay(10);
  }
}

/**
 * A new tab on an extension page, once `selector` (its main element by default) is in it; in a window of
 * its own with `ownWindow`.
 */
export async function openExtensionPage(
  browser: Browser,
  url: string,
  { selector = 'main', ownWindow = false } = {},
): Promise<Page> {
  const page = await browser.newPage(ownWindow ? { type: 'window' } : undefined);
  startNavigation(page, url);
  await waitForContent(page, selector);
  return page;
}

/**
 * Sizes a page's viewport on every Firefox ESR the suite runs with (testing "Firefox"). Puppeteer's
 * setViewport sends `browsingContext.setViewport` and, beside it, `emulation.setScreenOrientationOverride`,
 * which ESR 140 does not know: there the orientation is refused and the size, which both know, is waited
 * for in the page, its command having been sent at the same time.
 */
export async function sizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  try {
    await page.setViewport(size);
    return;
  } catch (error) {
    const unknownOrientation =
      error instanceof ProtocolError &&
      error.message.includes('unknown command emulation.setScreenOrientationOverride');
    if (!unknownOrientation) throw error;
  }
  const deadline = performance.now() + TIMEOUT_MS;
  for (;;) {
    const sized = await page
      .evaluate(({ width, height }) => innerWidth === width && innerHeight === height, size)
      .catch(() => false);
    if (sized) return;
    if (performance.now() >= deadline)
      throw new Error(`${page.url()} is not ${size.width}×${size.height} after ${TIMEOUT_MS} ms.`);
    await delay(10);
  }
}

/** A new tab on https://chatgpt.com<path>, once the replica's page script has loaded it. */
export async function openFirefoxChat(browser: Browser, path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`https://chatgpt.com${path}`);
  await page.waitForFunction(
    () => (window as unknown as { __replica?: { loaded: boolean } }).__replica?.loaded === true,
    { timeout: TIMEOUT_MS },
  );
  return page;
}

/**
 * The tab id Firefox gave a page, as `addOn`, a page of the add-on, sees it: its host permission lets it
 * see a chatgpt.com tab's URL. A tab just opened may report its URL a moment late.
 */
export async function tabIdSeenBy(addOn: Page, page: Page): Promise<number> {
  const id = await addOn.evaluate(async (pageUrl: string) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const found = (await chrome.tabs.query({})).find((tab) => tab.url === pageUrl);
      if (found?.id !== undefined) return found.id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }, page.url());
  if (id === null) throw new Error(`no tab has the URL ${page.url()}`);
  return id;
}

/** The tab id Firefox gave a page, asked from a page of the add-on opened for the question. */
export async function tabIdOf(browser: Browser, extensionOrigin: string, page: Page): Promise<number> {
  const asker = await openExtensionPage(browser, `${extensionOrigin}/popup.html`);
  try {
    return await tabIdSeenBy(asker, page);
  } finally {
    await asker.close();
  }
}

/**
 * The name of a file Firefox finished saving in `folder` that was not there before, or undefined while
 * none is: while it saves, an empty file of the final name waits beside the `.part` file that receives
 * the bytes, and a file of a temporary name may be listed and renamed before it is looked at.
 */
export function savedFile(folder: string, before: ReadonlySet<string>): string | undefined {
  const names = readdirSync(folder).filter((file) => !before.has(file));
  if (names.some((file) => file.endsWith('.part'))) return undefined;
  return names.find((file) => (statSync(join(folder, file), { throwIfNoEntry: false })?.size ?? 0) > 0);
}
