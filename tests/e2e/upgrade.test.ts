import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { LIBRARY_TABS } from '@/components/library/library-tabs';
import { EXPORTED_FIXTURES, oneFileExportZip } from '@/tests/support/data-export-zips';
import { EARLIER_RELEASES, type EarlierRelease, earlierReleaseZip } from '@/tests/support/earlier-releases';
import { launchBrowserWithExtension } from '@/tests/support/launch-browser';
import { keptLibrary } from './library-state';
import { shootEveryLook } from './view-checks';

/**
 * An update as a user meets it (testing "Upgrades"): an earlier release, built from the repository's
 * history, fills its library through its own page from a data export; then this build is loaded over the
 * same profile from the same folder, as the browser updates an extension, and every tab of the library
 * page, every table file and the team dataset are asked for.
 */

/** Conversations with searches, pages, offers and images, and one prompt asked in three chats. */
const EXPORTED = [...EXPORTED_FIXTURES, 'askedAgainOne', 'askedAgainTwo', 'askedAgainThree'] as const;
const EXPORT_ZIP = oneFileExportZip({ names: EXPORTED });
/** No chatgpt.com request is made: the library page reads files. */
const NO_REPLICA = 9;

interface Installed {
  context: BrowserContext;
  extensionId: string;
}

/** The extension in `dir` on `profile`, with a library page that may pick a folder (the origin's own). */
async function launch(dir: string, profile: string): Promise<Installed> {
  const { context, extensionId } = await launchBrowserWithExtension({
    extensionDir: dir,
    replicaPort: NO_REPLICA,
    headless: true,
    userDataDir: profile,
  });
  await context.addInitScript(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = () =>
      navigator.storage.getDirectory();
  });
  return { context, extensionId };
}

/** The release's build, unpacked into `dir`. */
function unpackRelease(release: EarlierRelease, dir: string): void {
  for (const [path, bytes] of Object.entries(unzipSync(readFileSync(earlierReleaseZip(release))))) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
}

async function libraryPage(installed: Installed, tab = ''): Promise<Page> {
  const page = await installed.context.newPage();
  await page.goto(`chrome-extension://${installed.extensionId}/library.html${tab === '' ? '' : `#${tab}`}`);
  return page;
}

/** The data export picked on the library page, as a user picks it. */
const importExport = (page: Page): Promise<void> =>
  page
    .getByLabel("Import ChatGPT's data export (ZIP)")
    .setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: Buffer.from(EXPORT_ZIP) });

/** The overview's figures, as the page shows them. */
async function figures(page: Page): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const id of ['conversations', 'turns', 'searches', 'search-share']) {
    const figure = page.getByTestId(`figure-${id}`);
    await figure.waitFor();
    shown[id] = (await figure.textContent()) ?? '';
  }
  return shown;
}

/** What the page's header and tab list show: a page whose render failed shows neither. */
async function expectPageWhole(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.getByRole('tab').count()).toBe(LIBRARY_TABS.length);
}

/** No view of the page says it failed. */
async function expectNoFailedView(page: Page, where: string): Promise<void> {
  expect(await page.locator('.view-failed').count(), `${where}: a view failed`).toBe(0);
}

describe('an update over a library an earlier release kept', () => {
  for (const release of EARLIER_RELEASES) {
    test(`from ${release.commit.slice(0, 7)} (${release.why}): every tab, table and the dataset`, async () => {
      const root = mkdtempSync(join(tmpdir(), 'chat-lens-upgrade-'));
      const dir = join(root, 'extension');
      const profile = join(root, 'profile');
      try {
        unpackRelease(release, dir);
        const earlier = await launch(dir, profile);
        const filling = await libraryPage(earlier);
        await filling.getByRole('button', { name: 'Turn on the library' }).first().click();
        await importExport(filling);
        // The empty page gives way to the overview once the import has written.
        await expect
          .poll(() => filling.getByTestId('figure-conversations').textContent(), { timeout: 60_000 })
          .toBe(String(EXPORTED.length));
        const before = await figures(await libraryPage(earlier));
        await earlier.context.close();

        // The browser updates the extension: the same folder, this build's files.
        rmSync(dir, { recursive: true });
        cpSync(inject('extensionDir'), dir, { recursive: true });
        const updated = await launch(dir, profile);
        expect(updated.extensionId).toBe(earlier.extensionId);

        // The address a user left open: the Variance tab, reloaded.
        const page = await libraryPage(updated, 'variance');
        await expectPageWhole(page);
        await page.getByRole('tabpanel').waitFor();
        await page.reload();
        await expectPageWhole(page);
        await expect
          .poll(() => page.getByRole('table', { name: 'Prompts by how much their answers move' }).count())
          .toBe(1);
        await expectNoFailedView(page, 'Variance');

        for (const { label } of LIBRARY_TABS) {
          await page.getByRole('tab', { name: label, exact: true }).click();
          await page.getByRole('tabpanel').waitFor();
          // A tab that reads the records shows them, or a failure, once they are read.
          await expect.poll(() => page.getByTestId('records-loading').count()).toBe(0);
          await expectNoFailedView(page, label);
        }
        await page.getByRole('tab', { name: 'Overview', exact: true }).click();
        expect(await figures(page)).toEqual(before);

        // Every table in every format, then the team dataset.
        await page.getByRole('tab', { name: 'Manage', exact: true }).click();
        const downloads = page.getByRole('button', { name: /^Download the .* as / });
        const said = page.locator('.table-downloads > p[role="status"]');
        expect(await downloads.count()).toBeGreaterThanOrEqual(12);
        // Each file's name differs, so each status line is that button's (the browser saves what it can).
        let last = '';
        for (const button of await downloads.all()) {
          await button.click();
          await expect
            .poll(async () => {
              const now = (await said.textContent()) ?? '';
              return now === last || now.startsWith('Writing') ? '' : now;
            })
            .toMatch(/^Saved chat-lens-library-.*\.(csv|jsonl|parquet)\.$/);
          last = (await said.textContent()) ?? '';
        }
        await page.getByRole('button', { name: 'Save team dataset to a folder…' }).click();
        await expect
          .poll(() => page.locator('.table-downloads__dataset [role="status"]').textContent(), {
            timeout: 60_000,
          })
          .toMatch(/^Wrote \d+ files into the folder you picked\.$/);

        // Nothing was lost on the way, and every record now holds what this build reads.
        const kept = await keptLibrary(page);
        expect(kept.conversations).toHaveLength(EXPORTED.length);
        for (const record of kept.conversations) expect(Array.isArray(record.versions)).toBe(true);

        // Manage says what an earlier version kept, and the same export imported again reads it again.
        const earlierNote = page.getByTestId('kept-by-earlier-version');
        expect(await earlierNote.textContent()).toMatch(
          new RegExp(`^Kept by an earlier version: ${EXPORTED.length} conversations\\.`),
        );
        await shootEveryLook(page, `library-manage-earlier-${release.commit.slice(0, 7)}`);
        await importExport(page);
        await expect
          .poll(() => page.locator('.data-export-import [role="status"]').textContent(), { timeout: 60_000 })
          .toBe(`Added 0 conversations, read again ${EXPORTED.length} kept by an earlier version.`);
        await expect.poll(() => earlierNote.count()).toBe(0);
        await updated.context.close();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
