import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { test as base, expect } from 'vitest';
import { type Replica, startReplica } from '@/tests/replica/server';
import { buildFirefoxExtension } from '@/tests/support/build-extension';
import { openExtensionPage, openFirefoxChat, savedFile, tabIdOf } from '@/tests/support/firefox-pages';
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

/** A file Firefox finished saving in `folder` that was not there before (savedFile). */
async function newFile(folder: string, before: ReadonlySet<string>): Promise<string> {
  let name: string | undefined;
  await expect
    .poll(
      () => {
        name = savedFile(folder, before);
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
        openChat: (path) => openFirefoxChat(browser, path),
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
