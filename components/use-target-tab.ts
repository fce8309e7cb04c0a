import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { followSiteAccess } from '@/lens/runtime/contract/site-access';
import { findTargetTab, type TargetTab } from './first-state';

/**
 * The tab the view describes, from `first` (first-state.ts) at once, then followed as the user switches
 * tabs (the side panel stays open) and as the tab's URL changes.
 */
export function useTargetTab(first: TargetTab | 'none' | null): TargetTab | null | 'none' {
  const [tab, setTab] = useState<TargetTab | null | 'none'>(first);
  useEffect(() => {
    const load = (): void => void findTargetTab().then(setTab, () => undefined);
    // The active tab was found before the first render; a named tab's URL, or a failed look, is asked now.
    if (first === null || (first !== 'none' && first.url === undefined)) load();
    browser.tabs.onActivated.addListener(load);
    browser.tabs.onUpdated.addListener(load);
    // A tab's URL is readable only while chatgpt.com may be read: a grant tells it, a withdrawal hides it.
    const unfollowAccess = followSiteAccess(load);
    return () => {
      unfollowAccess();
      browser.tabs.onActivated.removeListener(load);
      browser.tabs.onUpdated.removeListener(load);
    };
  }, [first]);
  return tab;
}
