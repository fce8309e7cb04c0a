import type { Page } from 'playwright-core';

/**
 * The popup or side panel page for a tab (`popup.html?tabId=N`) in a page of its own at `size`,
 * in the light theme, once its views are shown: what the demo's screenshots show.
 */
export async function openExtensionPage(
  nextTo: Page,
  url: string,
  size: { width: number; height: number },
): Promise<Page> {
  const page = await nextTo.context().newPage();
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url);
  await page.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
  return page;
}
