import { isTextFormat } from '@/lens/export/formats';
import type { AccountHolding } from '@/lens/holding/account-holding';
import type {
  ExportFile,
  ExportFormat,
  ExportOptions,
  PreparedExport,
} from '@/lens/runtime/contract/export-file';
import type {
  ChannelMessage,
  PageState,
  RelayToWorker,
  UnchangedResponse,
} from '@/lens/runtime/contract/relay-channel';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import type { Schedule } from '@/lens/runtime/contract/timer';
import type { BackendClient } from '@/lib/api/backend-client';
import type { ImageFetcher } from '@/lib/api/page-image-fetch';
import type { RateGovernor } from '@/lib/api/rate-governor';
import type { PageEvent } from '@/lib/capture/page-event';
import type { Conversation } from '@/lib/model/conversation';
import { fail, ok, type Result } from '@/lib/model/result';
import type { OffersRefreshState } from '@/lib/snapshot/snapshot-base';
import { runRefreshPlan } from './conversation-refresher';
import { exportOf, wholeFile } from './export-bytes';
import type { LibrarySink } from './library-recorder';
import { createOffersRefresher } from './offers-refresh';
import { fetchPageImages, type PageImages } from './page-image-files';
import { ReadiedExports } from './readied-exports';
import { planExportLoad } from './refresh-plan';
import { TabRuntime } from './tab-runtime';

/** Where the tab lenses live (storage-items.ts tabLensItem in the worker, a Map in tests). */
export interface TabLensStore {
  read(tabId: number): Promise<TabLens | null>;
  write(lens: TabLens): Promise<void>;
  remove(tabId: number): Promise<void>;
}

export interface LensWorkerDeps {
  /** Authenticated and through `governor` (createBackendClient). */
  client: BackendClient;
  governor: RateGovernor;
  account: AccountHolding;
  store: TabLensStore;
  now: () => number;
  schedule: Schedule;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** The library, where the user keeps one (library-recorder.ts). */
  library?: LibrarySink;
  /**
   * The images a tab's page shows, for an export that includes them (page-image-files.ts): the page's image
   * addresses, asked of the tab's relay, and the fetch through the governor.
   */
  pageImages?: { urls(tabId: number): Promise<string[]>; fetch: ImageFetcher };
  /** Whether the site's access is on (architecture "Site access"); a refresh asks nothing while it is off. */
  siteAccess?: () => Promise<boolean>;
}

/** The formats that can hold an image itself: beside the Markdown in a ZIP, or inside the HTML page. */
const HOLDS_IMAGES: ReadonlySet<ExportFormat> = new Set(['zip', 'html']);

/** Whether the export asked for holds the page's images, which are fetched for it at the click. */
const holdsImages = (format: ExportFormat, options: ExportOptions): boolean =>
  options.includeImages === true && HOLDS_IMAGES.has(format);

export interface LensWorker {
  pageEvent(tabId: number, event: PageEvent): Promise<void>;
  responseUnchanged(tabId: number, response: UnchangedResponse): Promise<void>;
  pageState(tabId: number, state: PageState): Promise<void>;
  fallbackDue(tabId: number, state: PageState): Promise<void>;
  refresh(tabId: number): Promise<void>;
  refreshOffers(tabId: number): Promise<Result<OffersRefreshState>>;
  exportConversation(
    tabId: number,
    format: ExportFormat,
    options?: ExportOptions,
  ): Promise<Result<ExportFile>>;
  /**
   * The same export, written as its reader asks for the pieces (lens/runtime/worker/export-port-server.ts).
   */
  prepareExport(
    tabId: number,
    format: ExportFormat,
    options?: ExportOptions,
  ): Promise<Result<PreparedExport>>;
  /**
   * Writes the body of the export a click would make now, for the click to take (architecture "A file readied
   * before the click"): true once written; false where the click would load more first, which the readying
   * never asks the site for, or its file is no text or holds images.
   */
  readyExport(tabId: number, format: ExportFormat, options?: ExportOptions): Promise<Result<boolean>>;
  /** The governor's state changed: every tab's snapshot shows it. */
  governorChanged(): void;
  closeTab(tabId: number): Promise<void>;
}

const NO_CONVERSATION = 'No conversation of chatgpt.com is open in that tab.';

/**
 * Everything the service worker does, over its effects (architecture "Effects as parameters"): the
 * background entry wires browser events to these methods. Per tab a TabRuntime; one governor, one
 * account and one product refresher for all of them.
 *
 * Where the full conversation lives: in worker memory (the tab's ConversationHolding), reloaded on demand
 * through the core after the worker was stopped. The worker is stopped only after 30 s without any event
 * (architecture "Browser facts"), and a visible chat tab sends one at least every 12 s (its fallback clock or
 * the page's own tree poll), so a refetch happens only when every chat tab was hidden for a while, once,
 * paced by the one governor. IndexedDB would spare that refetch but would put whole conversations on disk, to
 * be wiped at tab close and browser start; storage.session cannot hold them (10 MB for everything). What the
 * UI shows first is the tab lens in storage.session, so a restarted worker and a new popup have it at once.
 */
export function createLensWorker(deps: LensWorkerDeps): LensWorker {
  const tabs = new Map<number, Promise<TabRuntime>>();
  const refresherDeps = {
    client: deps.client,
    governor: deps.governor,
    account: deps.account,
    now: deps.now,
  };
  const readied = new ReadiedExports();
  const offers = createOffersRefresher({
    send: deps.client.send,
    governor: deps.governor,
    sleep: deps.sleep,
    random: deps.random,
    now: deps.now,
  });

  /** The tab's runtime; made once, from the lens a stopped worker left in storage, if any. */
  const tab = (tabId: number): Promise<TabRuntime> => {
    let found = tabs.get(tabId);
    if (found === undefined) {
      found = deps.store
        .read(tabId)
        .catch(() => null)
        .then(
          (stored) =>
            new TabRuntime(tabId, stored, {
              refresher: refresherDeps,
              governor: deps.governor,
              account: deps.account,
              now: deps.now,
              schedule: deps.schedule,
              writeLens: deps.store.write,
              ...(deps.library === undefined ? {} : { library: deps.library }),
              ...(deps.siteAccess === undefined ? {} : { siteAccess: deps.siteAccess }),
            }),
        );
      tabs.set(tabId, found);
    }
    return found;
  };

  const prepareExport = async (
    tabId: number,
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<Result<PreparedExport>> => {
    const runtime = await tab(tabId);
    const holding = runtime.current();
    if (holding === null) return fail('not-found', NO_CONVERSATION);
    const warnings: string[] = [];
    const loadForExport = async () => {
      const plan = planExportLoad(holding.facts(), deps.account.askWhen(deps.now()));
      return { plan, load: plan === null ? null : await runRefreshPlan(holding, plan, refresherDeps) };
    };
    const { plan, load } = await runtime.whileShowingProgress(holding.ledger.oneLoadAtATime(loadForExport));
    if (plan !== null && load !== null) {
      // The run's own error comes first; a lasting failure of the ads or /me says nothing of the messages.
      const loaded = holding.facts();
      if (load.error !== null && (!loaded.hasNewestPage || loaded.olderCursor !== null))
        warnings.push(`Not every message could be loaded: ${load.error.message}`);
      if (plan.ads && holding.captured.ads() === null)
        warnings.push('The ads of this conversation could not be loaded: the Ads section names none.');
    }
    const inspection = holding.inspection(deps.account.current());
    if (inspection === null) return fail('not-found', 'Nothing of this conversation could be loaded yet.');
    const images = holdsImages(format, options)
      ? await runtime.whileShowingProgress(pageImagesOf(tabId, inspection.conversation))
      : null;
    if (images !== null) warnings.push(...images.warnings);
    const sources = images === null ? { readied } : { assetFiles: images.files };
    return ok(exportOf(inspection, format, options, new Date(deps.now()), sources), warnings);
  };

  const readyExport = async (
    tabId: number,
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<Result<boolean>> => {
    const holding = (await tab(tabId)).current();
    if (holding === null) return fail('not-found', NO_CONVERSATION);
    if (!isTextFormat(format) || holdsImages(format, options)) return ok(false);
    if (planExportLoad(holding.facts(), deps.account.askWhen(deps.now())) !== null) return ok(false);
    const inspection = holding.inspection(deps.account.current());
    if (inspection === null) return ok(false);
    readied.ready(inspection, format, options);
    return ok(true);
  };

  const pageImagesOf = async (tabId: number, conversation: Conversation): Promise<PageImages> => {
    const source = deps.pageImages;
    const urls = source === undefined ? null : await source.urls(tabId).catch(() => null);
    if (source === undefined || urls === null)
      return {
        files: new Map(),
        warnings: ['The page could not be asked for its images, so they are named instead.'],
      };
    return fetchPageImages(conversation, urls, source.fetch);
  };

  const exportConversation = async (
    tabId: number,
    format: ExportFormat,
    options: ExportOptions = {},
  ): Promise<Result<ExportFile>> => {
    const prepared = await prepareExport(tabId, format, options);
    return prepared.ok ? ok(await wholeFile(prepared.value), prepared.warnings) : prepared;
  };

  return {
    pageEvent: async (tabId, event) => (await tab(tabId)).pageEvent(event),
    responseUnchanged: async (tabId, response) => (await tab(tabId)).responseUnchanged(response),
    pageState: async (tabId, state) => (await tab(tabId)).pageState(state),
    fallbackDue: async (tabId, state) => (await tab(tabId)).pageState(state, 'fallback-due'),
    refresh: async (tabId) => (await tab(tabId)).requestRefresh(),
    async refreshOffers(tabId) {
      const runtime = await tab(tabId);
      const holding = runtime.current();
      if (holding === null) return fail('not-found', NO_CONVERSATION);
      const outcome = await runtime.whileShowingProgress(offers.run(holding));
      return ok(outcome.state);
    },
    exportConversation,
    prepareExport,
    readyExport,
    governorChanged() {
      for (const runtime of tabs.values()) void runtime.then((found) => found.touch());
    },
    async closeTab(tabId) {
      const runtime = tabs.get(tabId);
      tabs.delete(tabId);
      (await runtime)?.close();
      await deps.store.remove(tabId).catch(() => undefined);
    },
  };
}

/** Each kind of message a tab's relay sends (relay-channel.ts), handed to the worker method of its kind. */
const RELAY_MESSAGE_ROUTES: {
  readonly [Kind in keyof RelayToWorker]: (
    worker: LensWorker,
    tabId: number,
    data: RelayToWorker[Kind],
  ) => Promise<void>;
} = {
  pageEvent: (worker, tabId, event) => worker.pageEvent(tabId, event),
  responseUnchanged: (worker, tabId, response) => worker.responseUnchanged(tabId, response),
  pageState: (worker, tabId, state) => worker.pageState(tabId, state),
  fallbackDue: (worker, tabId, state) => worker.fallbackDue(tabId, state),
};

/** A message of a tab's relay, handed to the worker method of its kind. */
export function deliverFromRelay(
  worker: LensWorker,
  tabId: number,
  message: ChannelMessage<RelayToWorker>,
): Promise<void> {
  const route = RELAY_MESSAGE_ROUTES[message.chatLens] as (
    worker: LensWorker,
    tabId: number,
    data: RelayToWorker[keyof RelayToWorker],
  ) => Promise<void>;
  return route(worker, tabId, message.data);
}
