import { browser } from '#imports';
import { countPageEvent } from './capture-counts';
import { onMessage } from './protocol';
import { tabLensItem } from './storage-items';
import { emptyTabLens, type TabLens, withPageState } from './tab-lens';

/**
 * Service-worker wiring. Every listener is registered synchronously here, so a worker restarted by
 * an event hears that event.
 */
export function startBackground(): void {
  onMessage('pageEvent', ({ data, sender }) => {
    const tabId = sender.tab?.id;
    if (tabId === undefined) return;
    void updateLens(tabId, (lens) => ({ ...lens, captured: countPageEvent(lens.captured, data) }));
  });
  onMessage('pageState', ({ data, sender }) => {
    const tabId = sender.tab?.id;
    if (tabId === undefined) return;
    void updateLens(tabId, (lens) => withPageState(lens, data, Date.now()));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void tabLensItem(tabId).removeValue();
  });
}

// Messages from one tab arrive faster than storage round-trips; updates are chained so none is lost.
let pendingUpdate: Promise<void> = Promise.resolve();

function updateLens(tabId: number, change: (lens: TabLens) => TabLens): Promise<void> {
  const item = tabLensItem(tabId);
  pendingUpdate = pendingUpdate
    .then(async () => item.setValue(change((await item.getValue()) ?? emptyTabLens(tabId, Date.now()))))
    .catch(() => undefined);
  return pendingUpdate;
}
