import type { Page } from 'playwright-core';
import type { LibraryTableName } from '@/lens/library/library-tables';
import { downloadedText } from './export-actions';
import { openExtensionTab } from './extension-origins';
import type { Lens } from './lens-test';

/** The library page (library.html), opened on a tab ("#manage") as a link or a reload opens it. */
export async function openLibraryPage(lens: Lens, tab = ''): Promise<Page> {
  return openExtensionTab(
    lens.context,
    `chrome-extension://${lens.extensionId}/library.html${tab === '' ? '' : `#${tab}`}`,
  );
}

/** Shows a tab of the library page, as a click on it does. */
export async function showLibraryTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tabpanel').waitFor();
}

/** The file a button of the library page saves, and its name. */
async function savedBy(page: Page, button: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await downloadedText(file) };
}

/** Manage → "Export the library (JSON)": the whole library as the user saves it. */
export async function exportWholeLibrary(page: Page): Promise<{ name: string; text: string }> {
  await showLibraryTab(page, 'Manage');
  return savedBy(page, 'Export the library (JSON)');
}

/** Manage → Table downloads: one table in one format ("joined", "CSV"), as the user saves it. */
export async function downloadLibraryTable(
  page: Page,
  table: LibraryTableName,
  format: 'CSV' | 'JSON Lines' | 'Parquet',
): Promise<{ name: string; text: string }> {
  await showLibraryTab(page, 'Manage');
  return savedBy(page, `Download the ${table} table as ${format}`);
}
