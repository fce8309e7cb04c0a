import { storage } from '#imports';
import type { RateGovernorState } from '@/lib/api/rate-governor';
import type { TabLens } from './tab-lens';

/*
 * Every storage key of the extension, declared once (architecture "Channels"). None holds a token
 * value: the access token and the product lookup keys live in worker memory only (architecture "Secrets").
 * One more key, `local:fallbackIntervalMs`, is read by the relay without this library
 * (lens/runtime/relay/relay.ts).
 */

const tabLensItems = new Map<number, ReturnType<typeof defineTabLensItem>>();

const defineTabLensItem = (tabId: number) =>
  storage.defineItem<TabLens | null>(`session:tabLens:${tabId}`, { fallback: null, version: 1 });

/**
 * `session:tabLens:<tab id>`: what the popup and the side panel of that tab read first and watch (the
 * state subscription is this item's watch). Written by the worker only, at most every 250 ms; removed
 * when the tab closes. Session area: in memory, gone with the browser session, never synced.
 */
export function tabLensItem(tabId: number) {
  let item = tabLensItems.get(tabId);
  if (item === undefined) {
    item = defineTabLensItem(tabId);
    tabLensItems.set(tabId, item);
  }
  return item;
}

/**
 * The tab closed: its lens leaves the session area and its item is forgotten, so a worker that lives
 * all day (a visible chat tab keeps it awake) keeps no item per tab ever closed.
 */
export async function removeTabLensItem(tabId: number): Promise<void> {
  const item = tabLensItem(tabId);
  tabLensItems.delete(tabId);
  await item.removeValue({ removeMeta: true });
}

/**
 * `session:rateGovernor`: the one governor's state (site-interface 7; architecture "One rate governor"),
 * saved on every change and restored when the worker starts, so a stopped worker does not forget a
 * Retry-After it must respect.
 */
export const rateGovernorItem = storage.defineItem<RateGovernorState | null>('session:rateGovernor', {
  fallback: null,
  version: 1,
});
