import type { CDPSession, Page } from 'playwright-core';

/** A tab and a CDP session attached to it (the benchmarks' ChatTab is one). */
export interface TabWithCdp {
  page: Page;
  cdp: CDPSession;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Every JavaScript world of the tab: Runtime.enable reports each existing one as created. */
async function executionContexts(cdp: CDPSession): Promise<number[]> {
  const contexts: number[] = [];
  const collect = (event: { context: { id: number } }): void => {
    contexts.push(event.context.id);
  };
  cdp.on('Runtime.executionContextCreated', collect);
  await cdp.send('Runtime.enable');
  await sleep(200);
  cdp.off('Runtime.executionContextCreated', collect);
  return contexts;
}

/**
 * Makes the tab look hidden or visible to every script in it. Headless Chromium keeps every tab visible
 * (minimizing the window changes nothing), so document.visibilityState and document.hidden are redefined
 * in each world of the page (the page's own, the extension's isolated world of the relay, Playwright's)
 * and the visibilitychange event is dispatched, as a tab sent to the background or brought back shows
 * it. Timers are not throttled as in a real hidden tab, which only makes a "nothing while hidden"
 * assertion stricter.
 */
async function setTabVisibility(tab: TabWithCdp, state: 'hidden' | 'visible'): Promise<void> {
  const redefine = `Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => '${state}' });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => ${state === 'hidden'} });`;
  for (const contextId of await executionContexts(tab.cdp))
    await tab.cdp.send('Runtime.evaluate', { expression: redefine, contextId });
  await tab.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await tab.cdp.send('Runtime.disable');
}

export const hideTab = (tab: TabWithCdp): Promise<void> => setTabVisibility(tab, 'hidden');

export const showTab = (tab: TabWithCdp): Promise<void> => setTabVisibility(tab, 'visible');
