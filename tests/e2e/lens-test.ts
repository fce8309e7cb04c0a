import type { BrowserContext, Page, Worker } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { type Replica, startReplica } from '@/tests/replica/server';
import { launchBrowserWithExtension } from '@/tests/support/launch-browser';
import { extensionApi, openExtensionApi, openExtensionTab } from './extension-origins';

export interface Lens {
  replica: Replica;
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** A new tab on https://chatgpt.com<path>, loaded. */
  openChat(path: string): Promise<Page>;
  /** An extension page (popup.html, sidepanel.html) describing the given tab. */
  openExtensionPage(page: 'popup.html' | 'sidepanel.html', forTab?: Page): Promise<Page>;
  /** The tab id Chromium gave a page, as the extension sees it. */
  tabIdOf(page: Page): Promise<number>;
}

/**
 * One replica and one browser per test file (starting Chromium is the slow part); each test opens its
 * own tabs and closes them.
 */
export const test = base.extend<{ lens: Lens }>({
  lens: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const replica = await startReplica();
      const browser = await launchBrowserWithExtension({
        extensionDir: inject('extensionDir'),
        replicaPort: replica.port,
        headless: true,
      });
      const { context, extensionId, serviceWorker } = browser;
      await openExtensionApi(context, extensionId);
      // The extension sees the URL of a chatgpt.com tab (its host permission), so a page of its origin finds
      // it; a tab of the extension's own pages is asked from inside, as Chromium hides its URL from the tabs
      // API without the `tabs` permission. A tab just opened may report its URL a moment after the page has
      // it, so the tabs are asked again for a while.
      const tabIdOf = async (page: Page): Promise<number> => {
        const url = page.url();
        const id = url.startsWith(`chrome-extension://${extensionId}/`)
          ? await page.evaluate(async () => (await chrome.tabs.getCurrent())?.id ?? null)
          : await extensionApi(context).evaluate(async (pageUrl: string) => {
              for (let attempt = 0; attempt < 50; attempt += 1) {
                const tabs = await chrome.tabs.query({});
                const found = tabs.find((tab) => tab.url === pageUrl || tab.pendingUrl === pageUrl);
                if (found?.id !== undefined) return found.id;
                await new Promise((resolve) => setTimeout(resolve, 100));
              }
              return null;
            }, url);
        if (id === null) throw new Error(`no tab has the URL ${url}`);
        return id;
      };
      await use({
        replica,
        context,
        extensionId,
        serviceWorker,
        tabIdOf,
        // Opened by Playwright: the document request of a tab the browser opens itself comes before
        // Playwright attaches to it, and the canary hunt's recording must see every request of the site.
        async openChat(path) {
          const page = await context.newPage();
          await page.goto(`https://chatgpt.com${path}`);
          return page;
        },
        async openExtensionPage(name, forTab) {
          const query = forTab ? `?tabId=${await tabIdOf(forTab)}` : '';
          return openExtensionTab(context, `chrome-extension://${extensionId}/${name}${query}`);
        },
      });
      await context.close();
      await replica.close();
    },
    { scope: 'file' },
  ],
});
