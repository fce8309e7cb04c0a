import type { Page } from 'puppeteer-core';
import { onTestFinished } from 'vitest';
import { PAGE_EXPORT_GLOBAL } from '@/lens/runtime/contract/export-port';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { waitForLensRead } from './lens-state';

/**
 * What the Firefox tests read through a page of the add-on kept in a window of its own (firefox-lens.ts):
 * WebDriver BiDi reaches neither the event page nor the sidebar, but a page of the add-on may call the
 * WebExtension API and reach both (`extension.getBackgroundPage`, `extension.getViews`).
 */

interface StorageArea {
  get(keys: string | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The few calls made here, typed for that purpose only. */
declare const browser: {
  tabs: {
    query(query: object): Promise<Array<{ id?: number; url?: string; windowId?: number }>>;
    get(tabId: number): Promise<{ windowId?: number }>;
  };
  storage: { local: StorageArea; session: StorageArea; sync: StorageArea };
  runtime: { getBackgroundPage(): Promise<Window & Record<string, unknown>> };
  extension: {
    getBackgroundPage(): (Window & { beforeTheSuspend?: boolean }) | null;
    getViews(filter: { type: 'sidebar'; windowId?: number }): Window[];
  };
};

/** The tab's lens as the event page stored it (storage-items.ts tabLensItem), or null. */
export const storedLens = (addOn: Page, tabId: number): Promise<TabLens | null> =>
  addOn.evaluate(async (key: string) => {
    const stored = await browser.storage.session.get(key);
    return (stored[key] as TabLens | undefined) ?? null;
  }, `tabLens:${tabId}`);

/** waitForLensRead (lens-state.ts) of the lens the Firefox add-on's event page stored. */
export const waitForStoredLens = (
  addOn: Page,
  tabId: number,
  ready: (state: TabLens) => boolean,
  timeout?: number,
): Promise<TabLens> => waitForLensRead(() => storedLens(addOn, tabId), tabId, ready, timeout);

/**
 * The tab clock's test-only interval (storage-items.ts fallbackIntervalItem), read as a tab opens, for the
 * running test: site-interface 8's 12 s is put back when it finishes, whatever its outcome.
 */
export async function setFallbackIntervalForTest(addOn: Page, intervalMs: number): Promise<void> {
  onTestFinished(() => addOn.evaluate(() => browser.storage.local.remove('fallbackIntervalMs')));
  await addOn.evaluate((ms) => browser.storage.local.set({ fallbackIntervalMs: ms }), intervalMs);
}

/** The library's settings (settings-items.ts), changed as its switch on the library page changes them. */
export const setLibrary = (
  addOn: Page,
  change: { enabled: boolean; keepAnswerText: boolean },
): Promise<void> =>
  addOn.evaluate(async (library) => {
    const { settings } = (await browser.storage.local.get('settings')) as {
      settings?: Record<string, unknown>;
    };
    const current = (settings?.library ?? {}) as Record<string, unknown>;
    await browser.storage.local.set({ settings: { ...settings, library: { ...current, ...library } } });
  }, change);

/**
 * Where the event page stands: 'suspended' when Firefox has unloaded it (getBackgroundPage gives null),
 * 'marked' when it still runs the script that `markEventPage` marked, 'fresh' when it runs a new one.
 */
export const eventPageState = (addOn: Page): Promise<'suspended' | 'marked' | 'fresh'> =>
  addOn.evaluate(() => {
    const page = browser.extension.getBackgroundPage();
    if (page === null) return 'suspended';
    return page.beforeTheSuspend === true ? 'marked' : 'fresh';
  });

/** Marks the running event page's global scope: a mark that a suspension, and only that, wipes out. */
export const markEventPage = (addOn: Page): Promise<boolean> =>
  addOn.evaluate(() => {
    const page = browser.extension.getBackgroundPage();
    if (page !== null) page.beforeTheSuspend = true;
    return page !== null;
  });

/** What the sidebar of the tab's window shows: its face and its text, or null when none is open there. */
export const sidebarOfWindow = (addOn: Page, tabId: number): Promise<{ face: string; text: string } | null> =>
  addOn.evaluate(async (id) => {
    const { windowId } = await browser.tabs.get(id);
    const [sidebar] = browser.extension.getViews({ type: 'sidebar', windowId });
    if (sidebar === undefined) return null;
    const main = sidebar.document.querySelector('main');
    return { face: main?.getAttribute('data-face') ?? '', text: sidebar.document.body.innerText };
  }, tabId);

/** Clicks a view's tab in the sidebar of the tab's window, as a user does. */
export const showSidebarView = (addOn: Page, tabId: number, view: string): Promise<void> =>
  addOn.evaluate(
    async (id, name) => {
      const { windowId } = await browser.tabs.get(id);
      const [sidebar] = browser.extension.getViews({ type: 'sidebar', windowId });
      const tab = [...(sidebar?.document.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])].find(
        (element) => element.firstChild?.textContent === name,
      );
      if (tab === undefined) throw new Error(`the sidebar has no ${name} tab`);
      tab.click();
    },
    tabId,
    view,
  );

/** The sidebar's whole DOM (text and attributes), for the canary hunt. */
export const sidebarMarkup = (addOn: Page, tabId: number): Promise<string> =>
  addOn.evaluate(async (id) => {
    const { windowId } = await browser.tabs.get(id);
    const [sidebar] = browser.extension.getViews({ type: 'sidebar', windowId });
    return sidebar?.document.documentElement.outerHTML ?? '';
  }, tabId);

/** Every storage.* area of the add-on, as JSON. */
export const addOnStorageAreas = (addOn: Page): Promise<Array<{ area: string; text: string }>> =>
  addOn.evaluate(async () => {
    const areas: Array<{ area: string; text: string }> = [];
    for (const area of ['local', 'session', 'sync'] as const)
      areas.push({ area: `storage.${area}`, text: JSON.stringify(await browser.storage[area].get(null)) });
    return areas;
  });

/**
 * The export as an extension page gets it from the event page directly (lens/runtime/contract/export-port.ts):
 * the function on the event page's window called, its Blob read in the calling page.
 */
export const exportThroughEventPage = (
  addOn: Page,
  request: { tabId: number; format: string },
): Promise<{ fileName: string; text: string } | { error: string }> =>
  addOn.evaluate(
    async (asked, name) => {
      const page = await browser.runtime.getBackgroundPage();
      const pageExport = page[name] as (
        request: unknown,
      ) => Promise<
        { ok: true; value: { fileName: string; body: Blob } } | { ok: false; error: { message: string } }
      >;
      const answer = await pageExport(asked);
      if (!answer.ok) return { error: answer.error.message };
      return { fileName: answer.value.fileName, text: await new Blob([answer.value.body]).text() };
    },
    request,
    PAGE_EXPORT_GLOBAL,
  );
