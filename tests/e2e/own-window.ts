import type { Page } from 'playwright-core';
import { extensionApi } from './extension-origins';
import type { Lens } from './lens-test';

/**
 * Moves the page's tab into a new window of its own, as a user drags a tab out, and gives it back. The
 * page lives on unchanged, with the same tab id. Two things follow. It stays visible while other windows
 * show other pages (a background tab is hidden: it draws no frames, so every click waits for one, and the
 * extension pauses for a hidden chat tab). And it has the focus: headless Chromium focuses the newest
 * window only (focusing another changes nothing), so this is how a test brings a tab to the front for
 * what reads the focused window's active tab, such as the export shortcut.
 */
export async function moveToOwnWindow(lens: Lens, page: Page): Promise<Page> {
  const tabId = await lens.tabIdOf(page);
  await extensionApi(lens.context).evaluate(async (id) => {
    // chrome-api.d.ts types what the other suites call; windows.create is this helper's alone.
    const { windows } = chrome as unknown as {
      windows: { create(options: { tabId: number }): Promise<unknown> };
    };
    await windows.create({ tabId: id });
  }, tabId);
  return page;
}
