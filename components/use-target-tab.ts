import { useEffect, useState } from 'react';
import { browser } from '#imports';

export interface TargetTab {
  id: number;
  url: string | null;
}

/**
 * The tab the view describes: `?tabId=` when the page was opened for a given tab, otherwise the
 * active tab of this window, followed as the user switches tabs (the side panel stays open).
 */
export function useTargetTab(): TargetTab | null | 'none' {
  const [tab, setTab] = useState<TargetTab | null | 'none'>(null);
  useEffect(() => {
    const fixed = Number(new URLSearchParams(location.search).get('tabId'));
    const load = async (): Promise<void> => {
      const found =
        Number.isInteger(fixed) && fixed > 0
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
