import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { test as base, expect } from 'vitest';
import { type Replica, startReplica } from '@/tests/replica/server';
import { buildFirefoxExtension } from '@/tests/support/build-extension';
import { launchFirefoxWithExtension } from '@/tests/support/launch-firefox';

export interface FirefoxLens {
  replica: Replica;
  /** A new tab on https://chatgpt.com<path>, once the replica's page script has loaded it. */
  openChat(path: string): Promise<Page>;
  /** The popup describing the tab (`popup.html?tabId=N`), once it shows a face. */
  openPopup(forTab: Page): Promise<Page>;
  /** The file `click` makes Firefox download: its name and its text. */
  download(click: () => Promise<void>): Promise<{ name: string; text: string }>;
}

const TIMEOUT_MS = 20_000;

/**
 * A new tab on an extension page, once the page shows its main element. Firefox never reports the load of
 * a moz-extension:// page over WebDriver BiDi, so the navigation is started, not awaited.
 */
async function openExtensionPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  page.goto(url).catch(() => undefined);
  await page.waitForSelector('main', { timeout: TIMEOUT_MS });
  return page;
}

/**
 * The tab id Firefox gave a page, as the add-on sees it: asked from one of its pages, which may see the
 * URL of a chatgpt.com tab (its host permission). A tab just opened may report its URL a moment late.
 */
async function tabIdOf(browser: Browser, extensionOrigin: string, page: Page): Promise<number> {
  const asker = await openExtensionPage(browser, `${extensionOrigin}/popup.html`);
  try {
    const id = await asker.evaluate(async (pageUrl: string) => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const found = (await chrome.tabs.query({})).find((tab) => tab.url === pageUrl);
        if (found?.id !== undefined) return found.id;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    }, page.url());
    if (id === null) throw new Error(`no tab has the URL ${page.url()}`);
    return id;
  } finally {
    await asker.close();
  }
}

/**
 * A file Firefox finished saving in `folder` that was not there before: while it saves, an empty file of
 * the final name waits beside the `.part` file that receives the bytes.
 */
async function newFile(folder: string, before: ReadonlySet<string>): Promise<string> {
  let name: string | undefined;
  await expect
    .poll(
      () => {
        const names = readdirSync(folder).filter((file) => !before.has(file));
        const saved = names.find((file) => !file.endsWith('.part') && statSync(join(folder, file)).size > 0);
        name = names.some((file) => file.endsWith('.part')) ? undefined : saved;
        return name;
      },
      { timeout: TIMEOUT_MS, interval: 100 },
    )
    .toBeDefined();
  return name as string;
}

/**
 * One replica and one Firefox per test file, the production Firefox build installed (architecture "Tests").
 * The replica listens on 443: Firefox reaches it by name only (tests/support/launch-firefox.ts).
 */
export const test = base.extend<{ firefox: FirefoxLens }>({
  firefox: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const extensionDir = buildFirefoxExtension();
      const downloadDir = mkdtempSync(join(tmpdir(), 'chat-lens-firefox-downloads-'));
      const replica = await startReplica({ port: 443 });
      const firefox = await launchFirefoxWithExtension({ extensionDir, downloadDir }).catch(
        async (error: unknown) => {
          await replica.close();
          throw error;
        },
      );
      const { browser, extensionOrigin } = firefox;
      await use({
        replica,
        async openChat(path) {
          const page = await browser.newPage();
          await page.goto(`https://chatgpt.com${path}`);
          await page.waitForFunction(
            () => (window as unknown as { __replica?: { loaded: boolean } }).__replica?.loaded === true,
            { timeout: TIMEOUT_MS },
          );
          return page;
        },
        async openPopup(forTab) {
          const tabId = await tabIdOf(browser, extensionOrigin, forTab);
          return openExtensionPage(browser, `${extensionOrigin}/popup.html?tabId=${tabId}`);
        },
        async download(click) {
          const before = new Set(readdirSync(downloadDir));
          await click();
          const name = await newFile(downloadDir, before);
          return { name, text: readFileSync(join(downloadDir, name), 'utf8') };
        },
      });
      await firefox.close();
      await replica.close();
      rmSync(downloadDir, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
});
