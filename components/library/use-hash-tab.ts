import { useCallback, useEffect, useState } from 'react';
import { type LibraryTabId, tabOfHash } from './library-tabs';

/**
 * The tab shown, kept in the URL's hash: a reload or a link opens the same tab. The hash is replaced, not
 * pushed, so Back leaves the page rather than walking through every tab visited.
 */
export function useHashTab(first: LibraryTabId): [LibraryTabId, (tab: LibraryTabId) => void] {
  const [tab, setTab] = useState<LibraryTabId>(first);
  useEffect(() => {
    const follow = (): void => setTab(tabOfHash(location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const show = useCallback((next: LibraryTabId): void => {
    setTab(next);
    history.replaceState(null, '', `#${next}`);
  }, []);
  return [tab, show];
}
