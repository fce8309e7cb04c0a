import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LibraryConversation } from '@/lens/library/library-record';
import type { LibrarySummary } from '@/lens/library/library-summary';
import type { LibrarySettings } from '@/lens/runtime/contract/settings';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { productCards } from '@/tests/replica/fixtures/products';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { extensionApi } from './extension-origins';
import type { Lens } from './lens-test';
import { openLibraryPage } from './library-actions';
import { waitForClient } from './replica-page';

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

/** The records in id order, so that two reads of one library compare equal. */
export const byId = (kept: KeptLibrary): KeptLibrary => ({
  conversations: [...kept.conversations].sort((a, b) => a.id.localeCompare(b.id)),
  summaries: [...kept.summaries].sort((a, b) => a.id.localeCompare(b.id)),
});

/** The library kept once the tabs closed and nothing more is written (a write follows a change by 2 s). */
async function settledLibrary(reader: Page): Promise<KeptLibrary> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(byId(await keptLibrary(reader)));
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: 30_000, interval: 2_500 },
    )
    .toBe(true);
  return byId(JSON.parse(last) as KeptLibrary);
}

/**
 * Opens the scenarios' chats with the library on, answers with their text, waits until each page loaded
 * (its product cards refreshed) and the library keeps it, closes them, and gives the settled records.
 */
async function keepChats(lens: Lens, names: readonly FixtureName[]): Promise<LibraryConversation[]> {
  await setLibrary(lens, { enabled: true, keepAnswerText: true });
  const chats = await Promise.all(
    names.map(async (name) => {
      const id = FIXTURE_IDS[name];
      const chat = await lens.openChat(`/c/${id}`);
      const cards = SCENARIOS[id]?.withProducts ? productCards(id).length : 0;
      await waitForClient(chat, (client) => client.loaded && client.productRefreshes >= cards);
      return chat;
    }),
  );
  const reader = await openLibraryPage(lens);
  await waitForKept(
    reader,
    names.map((name) => FIXTURE_IDS[name]),
  );
  for (const chat of chats) await chat.close();
  const { conversations } = await settledLibrary(reader);
  await reader.close();
  return conversations;
}

/**
 * The library a file's tests read, filled by `keepChats` on the first call only: the file's browser (its
 * lens) keeps it for the tests after.
 */
export function libraryOnceFilledBy(
  names: readonly FixtureName[],
): (lens: Lens) => Promise<LibraryConversation[]> {
  let filling: Promise<LibraryConversation[]> | undefined;
  return (lens) => {
    filling ??= keepChats(lens, names);
    return filling;
  };
}
