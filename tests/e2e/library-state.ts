import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LibraryConversation } from '@/lib/library/library-record';
import type { LibrarySummary } from '@/lib/library/library-summary';
import type { LibrarySettings } from '@/lib/runtime/contract/settings';
import { extensionApi } from './extension-origins';
import type { Lens } from './lens-test';

/** The library's settings, changed as the settings panel changes them: the other settings are kept. */
export async function setLibrary(lens: Lens, library: Partial<LibrarySettings>): Promise<void> {
  await extensionApi(lens.context).evaluate(async (change) => {
    const { settings } = (await chrome.storage.local.get('settings')) as {
      settings?: Record<string, unknown>;
    };
    const current = (settings?.library ?? {}) as Record<string, unknown>;
    await chrome.storage.local.set({ settings: { ...settings, library: { ...current, ...change } } });
  }, library);
}

/** What the library database holds, read raw in an extension page (not through the page's own code). */
export interface KeptLibrary {
  conversations: LibraryConversation[];
  summaries: LibrarySummary[];
}

export function keptLibrary(extensionPage: Page): Promise<KeptLibrary> {
  return extensionPage.evaluate(async () => {
    const result = <T>(request: IDBRequest<T>): Promise<T> =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const known = await indexedDB.databases();
    if (!known.some((database) => database.name === 'chat-lens-library'))
      return { conversations: [], summaries: [] };
    const database = await result(indexedDB.open('chat-lens-library'));
    const read = (store: string) => result(database.transaction(store).objectStore(store).getAll());
    const kept = { conversations: await read('conversations'), summaries: await read('summaries') };
    database.close();
    return kept;
  }) as Promise<KeptLibrary>;
}

/** Waits until the library holds these conversations (the worker writes 2 s after a change settles). */
export async function waitForKept(
  extensionPage: Page,
  ids: readonly string[],
  timeout = 30_000,
): Promise<KeptLibrary> {
  await expect
    .poll(async () => (await keptLibrary(extensionPage)).conversations.map((record) => record.id).sort(), {
      timeout,
    })
    .toEqual(expect.arrayContaining([...ids]));
  return keptLibrary(extensionPage);
}
