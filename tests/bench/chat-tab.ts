import type { BrowserContext, CDPSession, Page } from 'playwright-core';

// The same hidden tab as the e2e's "nothing while hidden": one technique, one place.
export { hideTab } from '@/tests/support/hide-tab';

/** One chat page of the replica in a Chromium tab, with the CDP session the benchmarks read it through. */
export interface ChatTab {
  page: Page;
  cdp: CDPSession;
}

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
