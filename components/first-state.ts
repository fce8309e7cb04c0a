import { browser } from '#imports';
import { DEFAULT_SETTINGS, type Settings } from '@/lens/runtime/contract/settings';
import { loadSettings } from '@/lens/runtime/contract/settings-items';
import { hasSiteAccess } from '@/lens/runtime/contract/site-access';
import { tabLensItem } from '@/lens/runtime/contract/storage-items';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';

/** The tab a view describes. */
export interface TargetTab {
  id: number;
  /** undefined while the browser has not told it yet; null for a tab whose URL the extension may not read. */
  url: string | null | undefined;
}

/**
 * What the first render shows, read before React renders anything (the first render comes from stored state,
 * architecture "Where state lives"). Read in an effect, the lens would wait for React's first commit and
 * paint, then need a second render; read here, in parallel with the settings, the first render has the data.
 */
export interface FirstState {
  /** The tab described; 'none' when there is none; null when the browser did not say. */
  tab: TargetTab | 'none' | null;
  /** That tab's stored lens: null when none is stored, undefined when it could not be read. */
  lens: TabLens | null | undefined;
  settings: Settings;
  /** Whether chatgpt.com may be read (architecture "Site access"); undefined when the browser did not say. */
  access: boolean | undefined;
}

/** The tab `?tabId=` names, if it names one. */
export function fixedTabId(): number | null {
  const fixed = Number(new URLSearchParams(location.search).get('tabId'));
  return Number.isInteger(fixed) && fixed > 0 ? fixed : null;
}

/**
 * The tab the view describes: `?tabId=` when the page was opened for a given tab (its URL follows in
 * useTargetTab), otherwise the active tab of this window.
 */
export async function findTargetTab(): Promise<TargetTab | 'none'> {
  const fixed = fixedTabId();
  const found =
    fixed !== null
      ? await browser.tabs.get(fixed).catch(() => undefined)
      : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return found?.id === undefined ? 'none' : { id: found.id, url: found.url ?? null };
}

async function firstTab(): Promise<TargetTab | 'none' | null> {
  // A named tab is known at once: its lens is read without waiting for tabs.get.
  const fixed = fixedTabId();
  if (fixed !== null) return { id: fixed, url: undefined };
  return findTargetTab().catch(() => null);
}

export async function readFirstState(): Promise<FirstState> {
  const settings = loadSettings().catch(() => DEFAULT_SETTINGS);
  const access = hasSiteAccess().catch(() => undefined);
  const tab = await firstTab();
  const lens =
    tab !== null && tab !== 'none'
      ? await tabLensItem(tab.id)
          .getValue()
          .catch(() => undefined)
      : undefined;
  return { tab, lens, settings: await settings, access: await access };
}
