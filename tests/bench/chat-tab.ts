import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** One chat page of the replica in a Chromium tab, with the CDP session the benchmarks read it through. */
export interface ChatTab {
  page: Page;
  cdp: CDPSession;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens https://chatgpt.com/c/<id><query> and waits until the page's own script has loaded it. */
export async function openChatTab(
  context: BrowserContext,
  conversationId: string,
  query = '',
): Promise<ChatTab> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(`https://chatgpt.com/c/${conversationId}${query}`);
  await page.waitForFunction(
    () => (window as unknown as { __replica?: { loaded: boolean } }).__replica?.loaded,
  );
  return { page, cdp };
}

export interface BusyTime {
  /** Seconds the page's main thread spent in tasks (CDP Performance.getMetrics TaskDuration). */
  taskSeconds: number;
  /** Of which running script (ScriptDuration), the page's and the extension's content scripts alike. */
  scriptSeconds: number;
}

/** The main thread's busy time so far; subtract two readings for a window. */
export async function busyTime(tab: ChatTab): Promise<BusyTime> {
  const { metrics } = await tab.cdp.send('Performance.getMetrics');
  const metric = (name: string): number => metrics.find((entry) => entry.name === name)?.value ?? 0;
  return { taskSeconds: metric('TaskDuration'), scriptSeconds: metric('ScriptDuration') };
}

/**
 * Makes the tab hidden to every script in it. Headless Chromium keeps every tab visible (minimizing the
 * window changes nothing), so document.visibilityState and document.hidden are redefined in each world
 * of the page (the page's own, the extension's isolated world of the relay, Playwright's) and the
 * visibilitychange event is dispatched, as a tab sent to the background shows it. Timers are not
 * throttled as in a real hidden tab, which only makes the figure stricter.
 */
export async function hideTab(tab: ChatTab): Promise<void> {
  const contexts: number[] = [];
  const collect = (event: { context: { id: number; auxData?: { frameId?: string } } }): void => {
    contexts.push(event.context.id);
  };
  tab.cdp.on('Runtime.executionContextCreated', collect);
  await tab.cdp.send('Runtime.enable');
  await sleep(200);
  tab.cdp.off('Runtime.executionContextCreated', collect);
  const hide = `Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => true });`;
  for (const contextId of contexts) await tab.cdp.send('Runtime.evaluate', { expression: hide, contextId });
  await tab.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await tab.cdp.send('Runtime.disable');
}
