import type { BrowserContext } from 'playwright-core';

/** Chromium's site access for an extension, as its "Site access" control on chrome://extensions sets it. */
export type HostAccess = 'ON_CLICK' | 'ON_ALL_SITES';

interface DeveloperPrivate {
  updateExtensionConfiguration(update: { extensionId: string; hostAccess: HostAccess }): Promise<void>;
}

/**
 * Sets the extension's site access the way a user does on its details page: chrome://extensions calls
 * its own `developerPrivate` API for that control. "On click" withholds the host permission.
 */
export async function setHostAccess(
  context: BrowserContext,
  extensionId: string,
  hostAccess: HostAccess,
): Promise<void> {
  const page = await context.newPage();
  await page.goto('chrome://extensions');
  await page.evaluate(
    ([id, access]) =>
      (
        globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }
      ).chrome.developerPrivate.updateExtensionConfiguration({ extensionId: id, hostAccess: access }),
    [extensionId, hostAccess] as const,
  );
  await page.close();
}
