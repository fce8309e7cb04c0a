import { browser } from '#imports';
import { applyPageEvent, emptyTabCaptureSummary, type TabCaptureSummary } from './capture-summary';
import { onMessage } from './protocol';
import { captureSummaries } from './storage-items';

/**
 * Service-worker wiring. Every listener is registered synchronously here, so a worker restarted by
 * an event hears that event.
 */
export function startBackground(): void {
  onMessage('pageEvent', ({ data, sender }) => {
    const tabId = sender.tab?.id;
    if (tabId === undefined) return;
    const pageUrl = sender.tab?.url ?? sender.url ?? '';
    void updateSummary(tabId, (summary) => applyPageEvent(summary, data, pageUrl));
  });
  onMessage('pageVisibility', ({ data, sender }) => {
    const tabId = sender.tab?.id;
    if (tabId === undefined) return;
    void updateSummary(tabId, (summary) => ({ ...summary, visible: data }));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void updateSummaries(({ [String(tabId)]: _closed, ...rest }) => rest);
  });
}

type Summaries = Record<string, TabCaptureSummary>;

// Messages from one tab arrive faster than storage round-trips; updates are chained so none is lost.
let pendingUpdate: Promise<void> = Promise.resolve();

function updateSummaries(change: (all: Summaries) => Summaries): Promise<void> {
  pendingUpdate = pendingUpdate
    .then(async () => captureSummaries.setValue(change(await captureSummaries.getValue())))
    .catch(() => undefined);
  return pendingUpdate;
}

function updateSummary(
  tabId: number,
  change: (summary: TabCaptureSummary) => TabCaptureSummary,
): Promise<void> {
  const key = String(tabId);
  return updateSummaries((all) => ({ ...all, [key]: change(all[key] ?? emptyTabCaptureSummary) }));
}
