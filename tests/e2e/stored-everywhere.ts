import type { Page } from 'playwright-core';
import { extensionApi } from './extension-origins';
import type { Lens } from './lens-test';

/** What one storage area of the browser holds, as text to search. */
export interface StoredArea {
  area: string;
  text: string;
}

/**
 * Runs in a page or a worker: every IndexedDB database (listed by indexedDB.databases()), every
 * Cache Storage entry and, in a page, localStorage and sessionStorage of its origin, as JSON.
 */
export async function originStorage(): Promise<string> {
  const result = <T>(request: IDBRequest<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const databases: unknown[] = [];
  for (const { name } of await indexedDB.databases()) {
    if (name === undefined) continue;
    const database = await result(indexedDB.open(name));
    for (const store of Array.from(database.objectStoreNames)) {
      const objects = database.transaction(store).objectStore(store);
      databases.push({
        name,
        store,
        keys: await result(objects.getAllKeys()),
        values: await result(objects.getAll()),
      });
    }
    database.close();
  }
  const cached: unknown[] = [];
  for (const cacheName of await caches.keys()) {
    const cache = await caches.open(cacheName);
    for (const request of await cache.keys())
      cached.push({ cacheName, url: request.url, body: await (await cache.match(request))?.text() });
  }
  const webStorage =
    typeof localStorage === 'undefined'
      ? null
      : { local: { ...localStorage }, session: { ...sessionStorage } };
  return JSON.stringify({ databases, cached, webStorage });
}

/**
 * Every storage area the extension can write to while a chat tab is open: chrome.storage local, session
 * and sync; IndexedDB and Cache Storage of the extension's origin (the worker's and its pages' alike) and
 * of chatgpt.com's (where the content scripts run: the chat site itself stores nothing there in the
 * replica); Web Storage of both origins.
 */
export async function everythingStored(
  lens: Lens,
  pages: { extension: Page; chat: Page },
): Promise<StoredArea[]> {
  const areas: StoredArea[] = [];
  for (const area of ['local', 'session', 'sync'] as const) {
    const stored = await extensionApi(lens.context).evaluate(
      // chrome-api.d.ts types local and session only; sync is read the same way.
      (name) => (chrome.storage as unknown as Record<string, typeof chrome.storage.local>)[name]?.get(null),
      area,
    );
    areas.push({ area: `chrome.storage.${area}`, text: JSON.stringify(stored) });
  }
  areas.push({ area: 'extension origin', text: await pages.extension.evaluate(originStorage) });
  areas.push({ area: 'chatgpt.com origin', text: await pages.chat.evaluate(originStorage) });
  return areas;
}
