import type { Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import type { ExportDocument } from '@/lens/export/json-export';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import type { LensErrorCode } from '@/lib/model/result';
import type { ReplicaFault } from '@/tests/replica/faults';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import type { Replica, ReplicaOverride, ReplicaRequestRecord } from '@/tests/replica/server';
import { exportFromMenu } from './export-actions';
import { setFallbackIntervalForTest, waitForLens } from './lens-state';
import type { Lens } from './lens-test';
import { clientState, type ReplicaClientState, waitForClient } from './replica-page';
import { expectNoCanary, waitForViews } from './view-checks';

/*
 * The faults drill: a tab already showing a loaded conversation, its popup and side
 * panel open, meets a fault. What a user relies on is checked where the user sees it: the views keep
 * what was loaded, a banner says what happened and what to do, an export holds everything, the state
 * clears by itself once the fault ends, and the page does exactly what it did.
 */

/** What the chat page shows and reports: the same with and without the extension, fault or not. */
export interface PageOutcome {
  client: Omit<ReplicaClientState, 'bootFetchWasNative'>;
  thread: string;
}

/** What an export holds of the conversation: everything but when it was made and the format notes. */
export type ExportedData = Pick<
  ExportDocument,
  'messages' | 'turns' | 'queries' | 'sources' | 'ads' | 'offers' | 'transport'
> & { title: string | null };

export interface WatchedTab {
  conversationId: string;
  chat: Page;
  tabId: number;
  popup: Page;
  /** The side panel, unless left out. */
  panel: Page | null;
  /** The popup and the side panel (unless left out), both describing the tab. */
  surfaces: Page[];
  /** Before the fault. */
  before: { lens: TabLens; exported: ExportedData; page: PageOutcome };
  close(): Promise<void>;
}

/**
 * Loaded and quiet: every page held, nothing loading, no error, no wait (site-interface 4.1 and
 * site-interface 7).
 */
export const settled = (state: TabLens): boolean =>
  state.snapshot?.summary != null &&
  // The page's messages page too, not its tree alone: the hook posts each copy once the page is idle, so a
  // lens can show the tree's summary for a moment before the messages format's (site-interface 4.1 and
  // site-interface 4.2).
  state.snapshot.progress.pagesLoaded > 0 &&
  state.snapshot.load.status === 'idle' &&
  state.snapshot.errors.length === 0 &&
  state.snapshot.rateLimitedUntil === null &&
  state.snapshot.progress.loading === null &&
  !state.snapshot.progress.hasMore;

/** The load stopped with that error (site-interface 7); what was loaded before it may still be held. */
export const failedWith =
  (code: LensErrorCode) =>
  (state: TabLens): boolean =>
    state.snapshot?.load.error?.code === code;

export async function pageOutcome(chat: Page): Promise<PageOutcome> {
  const { bootFetchWasNative: _probe, ...client } = await clientState(chat);
  const thread = await chat.locator('#thread').innerText();
  return { client, thread };
}

/** Exports the conversation as JSON through the surface's export menu, as a user does, and reads the file. */
export async function exportThroughMenu(surface: Page): Promise<ExportedData> {
  // A tab in the background gets no animation frames, which a click waits for.
  await surface.bringToFront();
  const text = await exportFromMenu(surface, 'Export JSON');
  expectNoCanary(text);
  const document = JSON.parse(text) as ExportDocument;
  const { messages, turns, queries, sources, ads, offers, transport } = document;
  return { messages, turns, queries, sources, ads, offers, transport, title: document.conversation.title };
}

/** How many messages the tab's lens held before the fault. */
export const messageCount = (tab: WatchedTab): number => tab.before.lens.snapshot?.summary?.messageCount ?? 0;

/** Each surface still shows the conversation's views with the message count held before. */
export async function expectViewsKept(tab: WatchedTab): Promise<void> {
  for (const surface of tab.surfaces) {
    await expect.poll(() => surface.locator('main').getAttribute('data-face')).toBe('views');
    await expect(surface.getByTestId('message-count').textContent()).resolves.toBe(
      `${messageCount(tab)} messages`,
    );
  }
}

/** A quiet page asks nothing once loaded: the page's side of a drill is no request and the same outcome. */
export async function expectPageUndisturbed(lens: Lens, tab: WatchedTab, since: number): Promise<void> {
  expect(pageCallsSince(lens.replica, tab.conversationId, since)).toEqual([]);
  expect(await pageOutcome(tab.chat)).toEqual(tab.before.page);
}

/** The ids of the messages, in order: what an export held, whatever else changed. */
export const messageIds = (messages: Array<{ id: string }>): string[] =>
  messages.map((message) => message.id);

/** Each surface shows the banner of that kind, saying what happened and what to do. */
export async function expectBanner(tab: WatchedTab, kind: string, text: RegExp): Promise<void> {
  for (const surface of tab.surfaces) {
    const banner = surface.locator(`[data-banner="${kind}"]`);
    await expect
      .poll(async () => ((await banner.count()) === 1 ? await banner.textContent() : null), {
        timeout: 15_000,
      })
      .toMatch(text);
  }
}

/** No banner is left on either surface. */
export async function expectNoBanner(tab: WatchedTab): Promise<void> {
  for (const surface of tab.surfaces)
    await expect.poll(() => surface.locator('[data-banner]').count(), { timeout: 15_000 }).toBe(0);
}

export interface WatchOptions {
  /** The page polls its tree every 5 s (site-interface 4.2); false opens it with ?tree_poll=off. */
  pagePolls?: boolean;
  /** The tab clock's interval (storage-items.ts fallbackIntervalItem), read as the tab opens. */
  fallbackMs?: number;
  /** When the page counts as loaded (its product cards refreshed, ...). */
  pageReady?: (client: ReplicaClientState) => boolean;
  /** When the tab's lens counts as loaded. */
  ready?: (state: TabLens) => boolean;
  /** The side panel opens beside the popup; false for the popup alone. */
  panel?: boolean;
}

/** The extension's own poll comes every 1.5 s instead of site-interface 8's 12 s. */
export const DRILL_FALLBACK_MS = 1_500;
/** Longer than the page's 5 s tree poll: while the page polls fine, only it asks. */
export const FALLBACK_BEHIND_PAGE_POLL_MS = 8_000;

/**
 * A chat tab on the scenario's conversation, loaded and settled, with the popup and the side panel open
 * on it and an export taken. A page that does not poll asks nothing once loaded, so the extension's own
 * fallback poll (at a short interval, for the running test) is what meets a fault.
 */
export async function openWatched(
  lens: Lens,
  scenario: FixtureName,
  {
    pagePolls = false,
    fallbackMs = DRILL_FALLBACK_MS,
    pageReady = (client) => client.loaded,
    ready = settled,
    panel = true,
  }: WatchOptions = {},
): Promise<WatchedTab> {
  const conversationId = FIXTURE_IDS[scenario];
  await setFallbackIntervalForTest(lens.context, fallbackMs);
  const chat = await lens.openChat(`/c/${conversationId}${pagePolls ? '' : '?tree_poll=off'}`);
  await waitForClient(chat, (client) => client.loaded && pageReady(client));
  const tabId = await lens.tabIdOf(chat);
  const loaded = await waitForLens(lens, tabId, ready, 30_000);
  const popup = await lens.openExtensionPage('popup.html', chat);
  const sidePanel = panel ? await lens.openExtensionPage('sidepanel.html', chat) : null;
  const surfaces = sidePanel === null ? [popup] : [popup, sidePanel];
  for (const surface of surfaces) await waitForViews(lens, surface, chat, 20_000);
  const close = async (): Promise<void> => {
    for (const page of [...surfaces, chat]) if (!page.isClosed()) await page.close();
  };
  onTestFinished(close);
  const exported = await exportThroughMenu(popup);
  return {
    conversationId,
    chat,
    tabId,
    popup,
    panel: sidePanel,
    surfaces,
    before: { lens: loaded, exported, page: await pageOutcome(chat) },
    close,
  };
}

/**
 * Sets a replica override for a conversation (or '*') until `lift` or the test's end, whichever comes
 * first: a failing test leaves no fault behind for the next one.
 */
export function setFault(lens: Lens, conversationId: string, override: ReplicaOverride): () => void {
  const lift = (): void => lens.replica.setOverride(conversationId, null);
  lens.replica.setOverride(conversationId, override);
  onTestFinished(lift);
  return lift;
}

/**
 * Stops the extension's service worker (CDP ServiceWorker.stopAllWorkers), as the browser does after 30 s
 * without events: whatever it held in memory is gone; the tab's next message starts it again.
 */
export async function stopWorker(lens: Lens): Promise<void> {
  const blank = await lens.context.newPage();
  const cdp = await lens.context.newCDPSession(blank);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await blank.close();
}

/** The page's own requests of the conversation since `since`, as method, path and status. */
export const pageCallsSince = (replica: Replica, conversationId: string, since: number): string[] =>
  replica
    .requests({ origin: 'page' })
    .filter((request) => request.time >= since && request.conversationId === conversationId)
    .map((request) => `${request.method} ${request.path.split('?')[0]} ${request.status}`);

/** The extension's own requests since `since` (its token's included). */
export const ownCallsSince = (replica: Replica, since: number): ReplicaRequestRecord[] =>
  replica.requests({ origin: 'extension' }).filter((request) => request.time >= since);

/**
 * The fault ended: the extension's next request succeeds and the state clears by itself, on the lens and
 * on both surfaces, which still show what was loaded; `ready` says what else must have come back. Within
 * `withinMs`: a fault that holds requests open may leave one under way when it ends, which the next
 * refresh waits for until its deadline (lib/api/request-timeout.ts).
 */
export async function expectRecovered(
  lens: Lens,
  tab: WatchedTab,
  endedAt: number,
  ready: (state: TabLens) => boolean = settled,
  withinMs = 20_000,
): Promise<TabLens> {
  await expect
    .poll(() => ownCallsSince(lens.replica, endedAt).filter((request) => request.status === 200).length, {
      timeout: withinMs,
    })
    .toBeGreaterThan(0);
  const state = await waitForLens(lens, tab.tabId, (found) => settled(found) && ready(found), 30_000);
  await expectNoBanner(tab);
  return state;
}

/** Extension-only faults on the messages path of a conversation. */
export const onOwnMessages = (fault: ReplicaFault): { fault: ReplicaFault } => ({
  fault: { ...fault, paths: ['messages'], origins: ['extension'] },
});

/**
 * The fault meets the extension's own poll of the newest messages page (site-interface 4.1), and only the
 * extension's: the tab keeps its data, both surfaces say what happened, an export holds everything, and
 * once the fault is lifted the next poll clears the state. `timeoutMs` bounds the wait for the failure and
 * the one for the recovery (20 s for each unless given). Answers the failed state and when the fault
 * began, for what a drill checks besides.
 */
export async function drillOwnPoll(
  lens: Lens,
  fault: ReplicaFault,
  expected: { code: LensErrorCode; banner: RegExp; timeoutMs?: number },
): Promise<{ failed: TabLens; since: number }> {
  const tab = await openWatched(lens, 'webSearch');
  const since = Date.now();
  const lift = setFault(lens, tab.conversationId, onOwnMessages(fault));
  const failed = await waitForLens(lens, tab.tabId, failedWith(expected.code), expected.timeoutMs);
  expect(failed.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
  expect(failed.snapshot?.queries).toEqual(tab.before.lens.snapshot?.queries);
  await expectViewsKept(tab);
  await expectBanner(tab, 'error', expected.banner);
  expect(await exportThroughMenu(tab.panel ?? tab.popup)).toEqual(tab.before.exported);

  const endedAt = Date.now();
  lift();
  const recovered = await expectRecovered(lens, tab, endedAt, settled, expected.timeoutMs);
  expect(recovered.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
  await expectPageUndisturbed(lens, tab, since);
  return { failed, since };
}
