import { useEffect, useState } from 'react';
import { browser } from '#imports';

export interface TargetTab {
  id: number;
  /** undefined while the browser has not told it yet; null for a tab whose URL the extension may not read. */
  url: string | null | undefined;
}

/** The tab `?tabId=` names, if it names one. */
function fixedTabId(): number | null {
  const fixed = Number(new URLSearchParams(location.search).get('tabId'));
  return Number.isInteger(fixed) && fixed > 0 ? fixed : null;
}

/**
 * The tab the view describes: `?tabId=` when the page was opened for a given tab, otherwise the
 * active tab of this window, followed as the user switches tabs (the side panel stays open).
 * A named tab is known at once, so its stored lens is read without waiting for tabs.get (issue 9,
 * item 5: the first render comes from stored state); its URL follows.
 */
export function useTargetTab(): TargetTab | null | 'none' {
  const [tab, setTab] = useState<TargetTab | null | 'none'>(() => {
    const fixed = fixedTabId();
    return fixed === null ? null : { id: fixed, url: undefined };
  });
  useEffect(() => {
    const fixed = fixedTabId();
    const load = async (): Promise<void> => {
      const found =
        fixed !== null
          ? await browser.tabs.get(fixed).catch(() => undefined)
          : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
      setTab(found?.id === undefined ? 'none' : { id: found.id, url: found.url ?? null });
    };
    void load();
    const reload = (): void => void load();
    browser.tabs.onActivated.addListener(reload);
    browser.tabs.onUpdated.addListener(reload);
    return () => {
      browser.tabs.onActivated.removeListener(reload);
      browser.tabs.onUpdated.removeListener(reload);
    };
  }, []);
  return tab;
}
