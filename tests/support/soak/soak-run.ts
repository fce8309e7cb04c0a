import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { activePath, type StoredConversation } from '@/tests/replica/fixtures/formats';
import { SOAK_TAB, type SoakTab, soakTab } from './soak-tab';

/** Simulated minutes of each stretch of the soak, in the order they run. */
export interface SoakPlan {
  /** Visible, the page polling its unchanged tree every 5 s. */
  pagePollingMinutes: number;
  /** Visible, the page polling nothing: the relay's 12 s fallback clock polls. */
  noPagePollMinutes: number;
  /** Hidden: the page polls only while visible, the clock is paused, nothing runs. */
  hiddenMinutes: number;
  /** Shown again, the page polling again. */
  shownAgainMinutes: number;
  /** A heap sample every so many minutes of page polling. */
  heapEveryMinutes: number;
}

/** An hour of page polls, and the stretches around it. */
export const HOUR_SOAK: SoakPlan = {
  pagePollingMinutes: 60,
  noPagePollMinutes: 10,
  hiddenMinutes: 10,
  shownAgainMinutes: 5,
  heapEveryMinutes: 10,
};

export type StretchName = 'first load' | 'page polling' | 'no page poll' | 'hidden' | 'shown again';

export interface StretchReport {
  name: StretchName;
  minutes: number;
  /** The extension's own requests (the token's aside), and how many were for older pages. */
  ownRequests: number;
  olderPageRequests: number;
  /** The most own requests in any one simulated minute of the stretch. */
  mostInAMinute: number;
  /** Bytes of the tab lens written to the session area during the stretch. */
  lensBytesWritten: number;
}

export interface HeapSample {
  /** Simulated minutes of page polling so far. */
  minute: number;
  /** The extension's heap: the process heap after a full collection, less the replica's part (`base`). */
  bytes: number;
}

export interface SoakReport {
  stretches: StretchReport[];
  tokenRequests: number;
  /** Process heap after a full collection with the replica built and the extension not yet loaded. */
  baseHeap: number;
  afterLoad: HeapSample;
  polling: HeapSample[];
  afterSoak: HeapSample;
  /** The extension's heap after the soak over its heap after the first load (target <= 1.2). */
  heapGrowthRatio: number;
  /** Timers pending in the page and the worker, after the first load and after the soak. */
  pendingTimers: { afterLoad: number; afterSoak: number };
  /** The tab lens in the session area after the soak. */
  lens: TabLens | null;
  /** The message ids of a JSON export after the soak, and the own requests the export needed. */
  exported: { ids: string[]; requests: number } | null;
  /** The message ids of the conversation's active branch, as the replica stores it. */
  expectedIds: string[];
}

const MINUTE_MS = 60_000;

/**
 * The heap after a full collection. Node offers `gc` only with --expose-gc: the bench's child process
 * runs with it, the unit tests ask V8 for it here, as tests/bench/benchmark.ts does.
 */
function collectedHeap(): number {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  return process.memoryUsage().heapUsed;
}

function mostInAMinute(times: readonly number[], from: number, minutes: number): number {
  const perMinute = new Array<number>(minutes).fill(0);
  for (const at of times) {
    const minute = Math.floor((at - from) / MINUTE_MS);
    perMinute[minute] = (perMinute[minute] ?? 0) + 1;
  }
  return Math.max(0, ...perMinute);
}

interface StretchOptions {
  /** What turns the stretch on (shown, hidden, the page's polls stopped); its requests count in it. */
  start?: (tab: SoakTab) => Promise<void>;
  /** Runs after every simulated minute, with the minutes of the stretch so far. */
  afterMinute?: (minute: number) => void;
}

async function runStretch(
  tab: SoakTab,
  name: StretchName,
  minutes: number,
  options: StretchOptions = {},
): Promise<StretchReport> {
  const from = tab.timers.now();
  const firstRequest = tab.ownRequests.length;
  const bytesBefore = tab.area.writes().bytes;
  await options.start?.(tab);
  for (let minute = 1; minute <= minutes; minute += 1) {
    await tab.run(MINUTE_MS);
    options.afterMinute?.(minute);
  }
  const requests = tab.ownRequests.slice(firstRequest);
  return {
    name,
    minutes,
    ownRequests: requests.length,
    olderPageRequests: requests.filter((request) => request.before !== null).length,
    mostInAMinute: mostInAMinute(
      requests.map((request) => request.at),
      from,
      minutes,
    ),
    lensBytesWritten: tab.area.writes().bytes - bytesBefore,
  };
}

async function exportedIds(tab: SoakTab): Promise<{ ids: string[]; requests: number } | null> {
  const before = tab.ownRequests.length;
  const exported = await tab.worker.exportConversation(SOAK_TAB, 'json');
  if (!exported.ok) return null;
  const document = JSON.parse(exported.value.text) as { messages?: Array<{ id?: unknown }> };
  return {
    ids: (document.messages ?? []).map((message) => String(message.id)),
    requests: tab.ownRequests.length - before,
  };
}

/**
 * The soak: a visible tab on `conversation` (the 10,000-message one), the page polling its unchanged tree
 * every 5 s, then a stretch without page polls, a hidden stretch and the tab shown again, on the virtual
 * clock, with the page hook, the relay and its fallback clock, the worker, the governor and the session area
 * all running (soak-tab.ts). Measures what the rules count (site-interface 8 and
 * architecture "Event-driven refresh": passive first, 12 s fallback only while visible and nothing fresh) and
 * the extension's heap.
 */
export async function runSoak(conversation: StoredConversation, plan: SoakPlan): Promise<SoakReport> {
  const tab = soakTab(conversation);
  const baseHeap = collectedHeap();
  const extensionHeap = (minute: number): HeapSample => ({ minute, bytes: collectedHeap() - baseHeap });

  const stretches: StretchReport[] = [];
  stretches.push(await runStretch(tab, 'first load', 1, { start: (soak) => soak.open() }));
  const afterLoad = extensionHeap(0);
  const pendingAfterLoad = tab.pendingTimers();

  const polling: HeapSample[] = [];
  stretches.push(
    await runStretch(tab, 'page polling', plan.pagePollingMinutes, {
      afterMinute: (minute) => {
        if (minute % plan.heapEveryMinutes === 0) polling.push(extensionHeap(minute));
      },
    }),
  );
  stretches.push(
    await runStretch(tab, 'no page poll', plan.noPagePollMinutes, {
      start: async (soak) => soak.setPagePolling(false),
    }),
  );
  stretches.push(
    await runStretch(tab, 'hidden', plan.hiddenMinutes, {
      start: async (soak) => {
        soak.setPagePolling(true);
        await soak.setVisible(false);
      },
    }),
  );
  stretches.push(
    await runStretch(tab, 'shown again', plan.shownAgainMinutes, { start: (soak) => soak.setVisible(true) }),
  );
  const afterSoak = extensionHeap(plan.pagePollingMinutes);
  const pendingAfterSoak = tab.pendingTimers();

  return {
    stretches,
    tokenRequests: tab.tokenRequests(),
    baseHeap,
    afterLoad,
    polling,
    afterSoak,
    heapGrowthRatio: afterSoak.bytes / afterLoad.bytes,
    pendingTimers: { afterLoad: pendingAfterLoad, afterSoak: pendingAfterSoak },
    lens: await tab.lens(),
    exported: await exportedIds(tab),
    expectedIds: activePath(conversation).map((message) => message.id),
  };
}
