import { strFromU8, unzipSync } from 'fflate';
import type { Download, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import { EXTENSION_EXPORT_FORMATS } from '@/lens/export/formats';
import type { Exclusive } from './side-by-side';

/**
 * A 10,000-message conversation loads its older pages before its first export. Its page is busy building
 * each file meanwhile, so a click waits as long as a user's would: beside other tests on a busy machine, past
 * Playwright's default 30 s.
 */
const EXPORT_TIMEOUT_MS = 60_000;

export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const downloadedText = async (download: Download): Promise<string> =>
  (await downloadedBytes(download)).toString('utf8');

/**
 * What a downloaded file says, as a reader would search it: its text, or for a ZIP each file inside it
 * under its path (its deflated bytes would hide what they hold).
 */
export async function downloadedContent(download: Download): Promise<string> {
  const bytes = await downloadedBytes(download);
  if (!download.suggestedFilename().endsWith('.zip')) return bytes.toString('utf8');
  return Object.entries(unzipSync(new Uint8Array(bytes)))
    .map(([path, content]) => `${path}\n${strFromU8(content)}`)
    .join('\n');
}

/** The file a click on an extension page downloads; throws with the status line when the export failed. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS });
  const failed = page
    .locator('.export__status--failed')
    .waitFor({ timeout: EXPORT_TIMEOUT_MS })
    .then(() => null);
  // Only one of the two happens; the other's time-out must not go unhandled.
  for (const outcome of [download, failed]) outcome.catch(() => undefined);
  await click();
  const file = await Promise.race([download, failed]);
  if (file === null)
    throw new Error(`the export failed: ${await page.getByTestId('export-status').textContent()}`);
  return downloadedContent(file);
}

/** Opens the export menu and picks the item. */
async function chooseFromMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More export options' }).click({ timeout: EXPORT_TIMEOUT_MS });
  await page.getByRole('menuitem', { name: item }).click({ timeout: EXPORT_TIMEOUT_MS });
}

/** The file an item of the export menu downloads ("Export JSON", ...). */
export const exportFromMenu = (page: Page, item: string): Promise<string> =>
  downloadOf(page, () => chooseFromMenu(page, item));

/** What one way of exporting gave the user: a file's text or the copied text. */
export interface ExportedText {
  action: string;
  text: string;
}

/** The file the primary Export button downloads: the settings' default format. */
export const exportFromButton = (page: Page): Promise<string> =>
  downloadOf(page, () => page.getByRole('button', { name: /^Export/ }).click({ timeout: EXPORT_TIMEOUT_MS }));

/**
 * Every export of the popup's or side panel's menu, as a user clicks them: each file, and "Copy as
 * Markdown", read back from the clipboard. The clipboard is the browser's, so the copy runs inside
 * `exclusive` (nothing else copies meanwhile); the context must grant clipboard-read and clipboard-write.
 */
export async function exportEveryFormat(page: Page, exclusive: Exclusive): Promise<ExportedText[]> {
  const exported: ExportedText[] = [];
  for (const { label } of EXTENSION_EXPORT_FORMATS) {
    const item = `Export ${label}`;
    exported.push({ action: item, text: await exportFromMenu(page, item) });
  }
  const copied = await exclusive(async () => {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await chooseFromMenu(page, 'Copy as Markdown');
    // A failed copy shows its reason in this line, which the assertion then prints.
    await expect
      .poll(() => page.getByTestId('export-status').textContent(), { timeout: EXPORT_TIMEOUT_MS })
      .toContain('Copied as Markdown');
    return page.evaluate(() => navigator.clipboard.readText());
  });
  expect(copied, 'the copied Markdown').toContain('## Transcript');
  exported.push({ action: 'Copy as Markdown', text: copied });
  return exported;
}

/**
 * The export shortcut (Alt+Shift+E) as the worker hears it: headless Chromium cannot press a browser
 * shortcut, so the command event is dispatched the way the browser dispatches it when the key is pressed.
 */
export async function pressExportShortcut(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const event = chrome.commands.onCommand as unknown as { dispatch(name: string, tab?: unknown): void };
    event.dispatch('export-conversation');
  });
}
