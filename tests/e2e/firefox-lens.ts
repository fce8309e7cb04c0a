import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { test as base, expect, inject } from 'vitest';
import { type Replica, startReplica } from '@/tests/replica/server';
import { openExtensionPage, openFirefoxChat, savedFile, tabIdSeenBy } from '@/tests/support/firefox-pages';
import { launchFirefoxWithExtension } from '@/tests/support/launch-firefox';

export interface FirefoxLens {
  replica: Replica;
  browser: Browser;
  /**
   * A page of the add-on in a window of its own, to read what the add-on holds (firefox-add-on-page.ts)
   * without taking the place of the chat window's active tab, which its sidebar follows.
   */
  addOn: Page;
  /** The tab id Firefox gave a page. */
  tabIdOf(page: Page): Promise<number>;
  /** A new tab on https://chatgpt.com<path>, once the replica's page script has loaded it. */
  openChat(path: string): Promise<Page>;
  /** The popup describing the tab (`popup.html?tabId=N`), once it shows a face. */
  openPopup(forTab: Page): Promise<Page>;
  /** A new tab on an add-on page (`popup.html?tabId=N`, `sidepanel.html`), once it shows its main element. */
  openExtensionPage(path: string): Promise<Page>;
  /** The file `click` makes Firefox download: its name, its bytes and its text. */
  download(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer; text: string }>;
}

const TIMEOUT_MS = 20_000;

/**
 * A file Firefox finished saving in `folder` that was not there before (savedFile), read: one of a
 * temporary name may be renamed between being listed and being read, and is looked for again.
 */
async function newFile(
  folder: string,
  before: ReadonlySet<string>,
): Promise<{ name: string; bytes: Buffer }> {
  let saved: { name: string; bytes: Buffer } | undefined;
  await expect
    .poll(
      () => {
        const name = savedFile(folder, before);
        try {
          saved = name === undefined ? undefined : { name, bytes: readFileSync(join(folder, name)) };
        } catch {
          saved = undefined;
        }
        return saved;
      },
      { timeout: TIMEOUT_MS, interval: 100 },
    )
    .toBeDefined();
  return saved as { name: string; bytes: Buffer };
}

/**
 * A loopback address of this test worker's own: Firefox keeps the port of a name it resolves, so each
 * replica it reaches listens on 443, and two files running at once need two addresses.
 */
const replicaAddress = (): string => `127.0.0.${10 + Number(process.env.VITEST_POOL_ID ?? 1)}`;

/**
 * One replica and one Firefox per test file, the production Firefox build installed (architecture "Tests"),
 * with `prefs` besides the launcher's own. The replica listens on 443: Firefox reaches it by name only
 * (tests/support/launch-firefox.ts).
 */
export const firefoxTest = (prefs: Record<string, unknown> = {}) =>
  base.extend<{ firefox: FirefoxLens }>({
    firefox: [
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixture's dependencies from this pattern
      async ({}, use) => {
        const extensionDir = inject('firefoxExtensionDir');
        const downloadDir = mkdtempSync(join(tmpdir(), 'chat-lens-firefox-downloads-'));
        const address = replicaAddress();
        const replica = await startReplica({ port: 443, address });
        const firefox = await launchFirefoxWithExtension({ extensionDir, downloadDir, address, prefs }).catch(
          async (error: unknown) => {
            await replica.close();
            throw error;
          },
        );
        const { browser, extensionOrigin } = firefox;
        const [chatWindowTab] = await browser.pages();
        const addOn = await openExtensionPage(browser, `${extensionOrigin}/popup.html`, { ownWindow: true });
        // New tabs open in the focused window: the chat window's, again.
        await chatWindowTab?.bringToFront();
        await use({
          replica,
          browser,
          addOn,
          tabIdOf: (page) => tabIdSeenBy(addOn, page),
          openChat: (path) => openFirefoxChat(browser, path),
          async openPopup(forTab) {
            const tabId = await tabIdSeenBy(addOn, forTab);
            return openExtensionPage(browser, `${extensionOrigin}/popup.html?tabId=${tabId}`);
          },
          openExtensionPage: (path) => openExtensionPage(browser, `${extensionOrigin}/${path}`),
          async download(click) {
            const before = new Set(readdirSync(downloadDir));
            await click();
            const { name, bytes } = await newFile(downloadDir, before);
            return { name, bytes, text: bytes.toString('utf8') };
          },
        });
        await firefox.close();
        await replica.close();
        rmSync(downloadDir, { recursive: true, force: true });
      },
      { scope: 'file' },
    ],
  });

export const test = firefoxTest();
