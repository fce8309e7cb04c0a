import { browser } from '#imports';
import { AccountHolding } from '@/lens/holding/account-holding';
import { openAccountRun } from '@/lens/library/account-run-store';
import { openLibrary } from '@/lens/library/library-store';
import { accountRunStatusItem } from '@/lens/runtime/contract/account-run-items';
import { libraryStatusItem } from '@/lens/runtime/contract/library-items';
import { onMessage } from '@/lens/runtime/contract/protocol';
import {
  channelMessage,
  RELAY_TO_WORKER_KINDS,
  type RelayToWorker,
  readChannelMessage,
  type WorkerToRelay,
} from '@/lens/runtime/contract/relay-channel';
import { loadSettings } from '@/lens/runtime/contract/settings-items';
import { hasSiteAccess } from '@/lens/runtime/contract/site-access';
import { rateGovernorItem, removeTabLensItem, tabLensItem } from '@/lens/runtime/contract/storage-items';
import type { Schedule } from '@/lens/runtime/contract/timer';
import { createAuth } from '@/lib/api/auth';
import { createBackendClient } from '@/lib/api/backend-client';
import { createImageFetcher } from '@/lib/api/page-image-fetch';
import { createRateGovernor } from '@/lib/api/rate-governor';
import { type FetchLike, withDeadline } from '@/lib/api/request-timeout';
import { AccountRun } from './account-run';
import { type ExportPreparer, serveExportsOverPorts, serveExportsToPages } from './export-port-server';
import { createLensWorker, deliverFromRelay, type LensWorker, type TabLensStore } from './lens-worker';
import { LibraryRecorder } from './library-recorder';
import { onlyWithSiteAccess } from './site-access-fetch';
import { uiRequestHandlers } from './ui-requests';

const schedule: Schedule = (ms, run) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};
/**
 * A timer longer than 2^31 - 1 ms fires at once in every browser. The governor sleeps until the end of a
 * wait and then looks again (rate-governor.ts), so a capped sleep keeps an absurd Retry-After
 * (site-interface 7) a long wait instead of a loop of instant timers.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.min(ms, LONGEST_TIMER_MS)));

const store: TabLensStore = {
  read: (tabId) => tabLensItem(tabId).getValue(),
  write: (lens) => tabLensItem(lens.tabId).setValue(lens),
  remove: removeTabLensItem,
};

/** The addresses of the images a tab's page shows, asked of its relay (relay-channel.ts `listPageImages`). */
async function pageImageUrls(tabId: number): Promise<string[]> {
  const answer: unknown = await browser.tabs.sendMessage(
    tabId,
    channelMessage<WorkerToRelay, 'listPageImages'>('listPageImages', null),
  );
  if (!Array.isArray(answer)) throw new Error('The page did not list its images.');
  return answer.filter((url): url is string => typeof url === 'string');
}

interface Background {
  lens: LensWorker;
  accountRun: AccountRun;
}

/**
 * The worker's core, with the governor state a stopped worker saved (site-interface 7: a wait outlives it).
 */
async function createWorker(): Promise<Background> {
  const saved = await rateGovernorItem.getValue().catch(() => null);
  let worker: LensWorker | null = null;
  const governor = createRateGovernor({
    now: Date.now,
    sleep,
    saved,
    onStateChange: (state) => {
      void rateGovernorItem.setValue(state).catch(() => undefined);
      worker?.governorChanged();
    },
  });
  // Every request of the extension is given up after 20 s (request-timeout.ts): a stalled answer must not
  // hold back every later refresh of the tab.
  const fetch: FetchLike = withDeadline(
    onlyWithSiteAccess((url, init) => globalThis.fetch(url, init), hasSiteAccess),
  );
  // site-interface 5: the token is asked of the session and held in this worker's memory only.
  const auth = createAuth({ fetch, now: Date.now, governor });
  const client = createBackendClient({ fetch, auth, governor });
  worker = createLensWorker({
    client,
    governor,
    account: new AccountHolding(),
    store,
    now: Date.now,
    schedule,
    sleep,
    random: Math.random,
    siteAccess: hasSiteAccess,
    // architecture "The library": kept only while the user has it on; the settings are read at each write.
    library: new LibraryRecorder({
      open: () => openLibrary(),
      settings: async () => (await loadSettings()).library,
      now: Date.now,
      schedule,
      reportStatus: (status) => libraryStatusItem.setValue(status),
    }),
    pageImages: { urls: pageImageUrls, fetch: createImageFetcher({ fetch, governor }) },
  });
  const accountRun = new AccountRun({
    client,
    governor,
    openRun: () => openAccountRun(),
    openLibrary: () => openLibrary(),
    settings: loadSettings,
    now: Date.now,
    sleep,
    reportStatus: (status) => accountRunStatusItem.setValue(status),
  });
  return { lens: worker, accountRun };
}

/**
 * Service-worker wiring. Every listener is registered synchronously here, so a worker restarted by
 * an event hears that event; each waits for the core, which restores the governor state first.
 */
export function startBackground(): Promise<LensWorker> {
  const background = createWorker();
  const ready = background.then(({ lens }) => lens);
  const accountRun = background.then((started) => started.accountRun);
  // architecture "Adding the whole account": a run left running by a stopped worker goes on. Its status says
  // so, and spares every other start the opening of the run's database.
  void Promise.all([accountRun, accountRunStatusItem.getValue()])
    .then(([run, status]) => (status.status === 'running' ? run.wake() : undefined))
    .catch(() => undefined);
  const fromTab = (
    sender: { tab?: { id?: number } },
    run: (worker: LensWorker, tabId: number) => Promise<void>,
  ): void => {
    const tabId = sender.tab?.id;
    if (tabId !== undefined) void ready.then((worker) => run(worker, tabId)).catch(() => undefined);
  };
  // The relays' channel (relay-channel.ts): plain runtime messages, answered by nothing.
  browser.runtime.onMessage.addListener((value, sender) => {
    const message = readChannelMessage<RelayToWorker>(value, RELAY_TO_WORKER_KINDS);
    if (message === null) return undefined;
    fromTab(sender, (worker, tabId) => deliverFromRelay(worker, tabId, message));
    return undefined;
  });
  // The UI's requests, read before they reach the worker (ui-requests.ts): a malformed one gets a typed error.
  const ui = uiRequestHandlers(ready, accountRun);
  onMessage('refresh', ({ data }) => ui.refresh(data));
  onMessage('refreshOffers', ({ data }) => ui.refreshOffers(data));
  onMessage('exportConversation', ({ data }) => ui.exportConversation(data));
  onMessage('readyExport', ({ data }) => ui.readyExport(data));
  onMessage('accountRun', ({ data }) => ui.accountRun(data));
  // The UI's exports come through a port, or a direct call where the background is a page, as a 10 MB
  // text is slow through runtime messaging.
  const prepareExport: ExportPreparer = async (request) =>
    (await ready).prepareExport(request.tabId, request.format, request.options);
  serveExportsOverPorts(globalThis, prepareExport);
  serveExportsToPages(globalThis, prepareExport);
  browser.tabs.onRemoved.addListener((tabId) => {
    void ready.then((worker) => worker.closeTab(tabId)).catch(() => undefined);
  });
  return ready;
}
