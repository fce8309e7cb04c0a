import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { FALLBACK_INTERVAL_MS } from '@/lens/runtime/contract/relay-channel';
import { composeAnswer } from '@/tests/replica/answer-stream';
import { getConversation } from '@/tests/replica/fixtures/catalog';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';
import { searchQueriesFor } from '@/tests/replica/search-turn';
import type { Replica } from '@/tests/replica/server';
import { cliExport, withoutExportTime } from './cli-reading';
import {
  eventPageState,
  markEventPage,
  setFallbackIntervalForTest,
  showSidebarView,
  sidebarOfWindow,
  waitForStoredLens,
} from './firefox-add-on-page';
import { type FirefoxLens, firefoxTest } from './firefox-lens';
import { cliCounts, exportFromMenu, tabCounts } from './firefox-views';
import { clientState, type ReplicaClientState, waitForClient } from './replica-page';

/**
 * The production Firefox build's runtime in Firefox ESR, on the replica served as chatgpt.com, in both of
 * the replica's wire forms: the page hook and relay, the transport, the older pages, the 12 s fallback
 * poll, the event page suspended, and the sidebar (testing "Firefox").
 *
 * Firefox labels the add-on's requests to chatgpt.com Sec-Fetch-Site: same-origin, as the page's own
 * (tests/replica/request-log.ts), so the replica cannot tell them apart: each count here is of requests the
 * replica's page never makes (older pages, a conversation polled while its page polls nothing).
 */

/** Firefox unloads an idle event page after this long (its default is 30 s): a suspension within a test. */
const EVENT_PAGE_IDLE_MS = 2_000;

const test = firefoxTest({ 'extensions.background.idle.timeout': EVENT_PAGE_IDLE_MS });

/** Types a prompt into the chat page and sends it, the answer still to come. */
async function sendPrompt(chat: Page, prompt: string): Promise<void> {
  await chat.type('textarea#prompt', prompt);
  await chat.click('button#send');
}

/** Types a prompt and waits for the page to show its answer. */
async function askPrompt(chat: Page, prompt: string): Promise<ReplicaClientState> {
  await sendPrompt(chat, prompt);
  return waitForClient(chat, (state) => state.lastAnswer !== null);
}

/** The answer the replica writes for a prompt in a conversation: what the page must show, extension or not. */
const replicaAnswer = (id: string, prompt: string): string =>
  composeAnswer(prompt, getConversation(id)?.title ?? '');

/** The requests for a conversation's newest messages page: the page's load, then only fallback polls. */
const newestPageRequests = (replica: Replica, id: string) =>
  replica
    .requests({ pathPrefix: `/backend-api/conversations/${id}` })
    .filter((request) => !request.path.includes('before='));

/** A conversation whose page polls nothing while idle (the replica's ?tree_poll=off), loaded. */
async function openQuietChat(firefox: FirefoxLens, name: FixtureName): Promise<Page> {
  return firefox.openChat(`/c/${FIXTURE_IDS[name]}?tree_poll=off`);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the Firefox add-on at work on the replica', () => {
  test.for([
    ['sse', 'document', 'sse'],
    ['websocket', 'document', 'websocket'],
    ['liveSearch', 'live', 'sse'],
    ['liveSearchHandoff', 'live', 'websocket'],
  ] as const)(
    '%s (%s form): the page gets its own answer over %s; the add-on copies what it loads and streams and tells the transport',
    async ([name, , transport], { firefox }) => {
      const id = FIXTURE_IDS[name];
      const chat = await firefox.openChat(`/c/${id}`);
      const prompt = `Which one would you pick for a small kitchen, asked on ${name}?`;
      const state = await askPrompt(chat, prompt);
      // The page's own results, with the hook in it: the replica's answer (around the cite markers of a
      // search, where the scenario searches), over its transport, no error.
      expect(state).toMatchObject({ errors: [], transport });
      // The hook was in the page before its first script ran: that script found fetch already wrapped.
      expect(state.bootFetchWasNative).toBe(false);
      expect(state.lastAnswer).toContain(replicaAnswer(id, prompt));

      const tabId = await firefox.tabIdOf(chat);
      const lens = await waitForStoredLens(
        firefox.addOn,
        tabId,
        (found) => found.snapshot?.transport === transport,
      );
      expect(lens.conversationId).toBe(id);
      expect(lens.captured.responses).toMatchObject({ 'conversation-messages': 1, 'submit-prompt': 1 });
      expect(lens.captured.responses['conversation-tree']).toBeGreaterThan(0);
      expect(lens.captured.handoffs).toBe(name === 'liveSearchHandoff' ? 1 : 0);
      if (transport === 'websocket') expect(lens.captured.streamItems).toBeGreaterThan(0);
      else expect(lens.captured.websocketFrames).toBe(0);
      expect(JSON.stringify(lens)).not.toContain(RESUME_TOKEN_CANARY);
      await chat.close();
    },
  );

  test('the older pages of a long conversation are fetched once each', async ({ firefox }) => {
    const id = FIXTURE_IDS.longHistory;
    firefox.replica.clearRequests();
    const chat = await openQuietChat(firefox, 'longHistory');
    const tabId = await firefox.tabIdOf(chat);
    const state = await waitForStoredLens(
      firefox.addOn,
      tabId,
      (found) =>
        found.snapshot?.progress.pagesLoaded === 3 &&
        found.snapshot.progress.hasMore === false &&
        found.snapshot.load.status === 'idle',
    );
    const cursors = firefox.replica
      .requests({ pathPrefix: `/backend-api/conversations/${id}` })
      .map((request) => new URL(request.path, 'https://chatgpt.com').searchParams.get('before'));
    // The page loaded the newest page itself; the add-on asked for the two older ones, once each.
    expect(cursors.filter((cursor) => cursor === null)).toHaveLength(1);
    const older = cursors.filter((cursor) => cursor !== null);
    expect(older).toHaveLength(2);
    expect(new Set(older).size).toBe(2);
    expect(state.snapshot?.summary?.messageCount).toBeGreaterThan(200);
    expect(state.captured.responses['conversation-messages']).toBe(1);
    await chat.close();
  });

  test('the history read in small pages: older turns on the page’s path, each once, no tree asked', async ({
    firefox,
  }) => {
    const id = FIXTURE_IDS.longHistory;
    firefox.replica.clearRequests();
    // The page reads its newest ten turns only, as the live page does until the user scrolls back: its small
    // pages alone tell the path of older turns (site-interface 10.13), and every older read is the add-on's.
    const chat = await firefox.openChat(`/c/${id}?tree_poll=off&history=small-pages`);
    const tabId = await firefox.tabIdOf(chat);
    const state = await waitForStoredLens(
      firefox.addOn,
      tabId,
      (found) =>
        (found.snapshot?.progress.pagesLoaded ?? 0) > 2 &&
        found.snapshot?.progress.hasMore === false &&
        found.snapshot.load.status === 'idle',
    );
    // Firefox's requests of the add-on and of the page look alike to the replica: the paths tell them.
    const paths = firefox.replica
      .requests({ pathPrefix: `/backend-api/conversations/${id}` })
      .map((request) => request.path);
    const older = paths.filter((path) => path.includes('before='));
    expect(older.every((path) => path.startsWith(`/backend-api/conversations/${id}/messages?`))).toBe(true);
    const cursors = older.map((path) => new URL(path, 'https://chatgpt.com').searchParams.get('before'));
    expect(new Set(cursors).size).toBe(cursors.length);
    // The newest page once, the page's own; the tree never: the page's batch gave it.
    expect(paths.filter((path) => !path.includes('before='))).toHaveLength(1);
    expect(firefox.replica.requests({ pathPrefix: `/backend-api/conversation/${id}` })).toEqual([]);
    expect(state.captured.responses['conversations-batch']).toBeGreaterThan(0);
    expect(state.snapshot?.summary?.messageCount).toBeGreaterThan(200);
    await chat.close();
  });

  test('the fallback poll comes 12 s after the last load of a quiet, visible tab', async ({ firefox }) => {
    const id = FIXTURE_IDS.plain;
    firefox.replica.clearRequests();
    const chat = await openQuietChat(firefox, 'plain');
    const quietSince = Math.max(
      ...firefox.replica
        .requests()
        .filter((request) => request.conversationId === id)
        .map((request) => request.time),
    );
    await expect
      .poll(() => newestPageRequests(firefox.replica, id).length, { timeout: 16_000, interval: 250 })
      .toBe(2);
    const poll = newestPageRequests(firefox.replica, id)[1];
    expect((poll?.time ?? 0) - quietSince).toBeGreaterThanOrEqual(FALLBACK_INTERVAL_MS);
    expect((poll?.time ?? 0) - quietSince).toBeLessThan(FALLBACK_INTERVAL_MS + 2_500);
    await chat.close();
  });

  test('no poll while the tab is hidden behind another; shown again, it is refreshed', async ({
    firefox,
  }) => {
    const intervalMs = 1_000;
    // The live form here, the document's in the test before.
    const id = FIXTURE_IDS.liveSearch;
    await setFallbackIntervalForTest(firefox.addOn, intervalMs);
    firefox.replica.clearRequests();
    const chat = await openQuietChat(firefox, 'liveSearch');
    await expect
      .poll(() => newestPageRequests(firefox.replica, id).length, { timeout: 10_000 })
      .toBeGreaterThan(1);

    // Another tab in front: Firefox hides this one, as a user's click on another tab does.
    const other = await firefox.browser.newPage();
    expect(await chat.evaluate(() => document.visibilityState)).toBe('hidden');
    const hiddenAt = Date.now();
    const forConversation = (since: number) =>
      firefox.replica.requests().filter((request) => request.conversationId === id && request.time > since);
    // A poll already on its way when the tab hid may still land; give it a moment, then count from there.
    await sleep(500);
    const quietFrom = Math.max(hiddenAt, ...forConversation(hiddenAt).map((request) => request.time));
    await sleep(6 * intervalMs);
    expect(forConversation(quietFrom)).toEqual([]);

    const shownAt = Date.now();
    await chat.bringToFront();
    await expect
      .poll(
        () => newestPageRequests(firefox.replica, id).filter((request) => request.time > shownAt).length,
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    await other.close();
    await chat.close();
  });

  test('the event page, suspended by Firefox, wakes for the next page and shows its conversation right', async ({
    firefox,
  }) => {
    const { addOn } = firefox;
    const first = await firefox.openChat(`/c/${FIXTURE_IDS.plain}`);
    const firstTab = await firefox.tabIdOf(first);
    const before = await waitForStoredLens(addOn, firstTab, (found) => found.snapshot?.summary != null);
    // The page just loaded woke the event page; a mark in its global scope is gone only if it is unloaded.
    await expect.poll(() => markEventPage(addOn)).toBe(true);
    await expect
      .poll(() => eventPageState(addOn), { timeout: 5 * EVENT_PAGE_IDLE_MS + 10_000, interval: 100 })
      .toBe('suspended');

    const chat = await firefox.openChat(`/c/${FIXTURE_IDS.ads}`);
    const popup = await firefox.openPopup(chat);
    await popup.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
    await expect.poll(() => tabCounts(popup), { timeout: 20_000 }).toMatchObject(cliCounts('ads'));
    // A new event page, not the marked one, did it; what the old one stored for the first tab is intact.
    expect(await eventPageState(addOn)).toBe('fresh');
    const after = await waitForStoredLens(addOn, firstTab, (found) => found.snapshot?.summary != null);
    expect(after.snapshot?.summary).toEqual(before.snapshot?.summary);
    await popup.close();
    await chat.close();
    await first.close();
  });

  test('an Export clicked in a popup left open while Firefox unloaded the event page wakes it and saves the whole file', async ({
    firefox,
  }) => {
    const { addOn } = firefox;
    const chat = await openQuietChat(firefox, 'plain');
    const popup = await firefox.openPopup(chat);
    await popup.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
    await expect.poll(() => markEventPage(addOn)).toBe(true);
    await expect
      .poll(() => eventPageState(addOn), { timeout: 5 * EVENT_PAGE_IDLE_MS + 10_000, interval: 100 })
      .toBe('suspended');
    const file = await exportFromMenu(firefox, popup, 'Markdown');
    expect(await eventPageState(addOn)).toBe('fresh');
    // The new event page loaded again what the unloaded one held: the messages and the ads and account the
    // page had loaded, so the file reads as the command line's. Only the Details differ: the page's tree
    // is not loaded again (the messages format is the one read, site-interface 9).
    const untilDetails = (text: string) => withoutExportTime(text).split('\n## Details')[0];
    expect(untilDetails(file.text)).toBe(untilDetails(cliExport('plain', 'md')));
    await popup.close();
    await chat.close();
  });

  // The real sidebar: Firefox opens the add-on's sidebar in each window when the add-on is installed
  // (sidebar_action's open_at_install), and a page of the add-on reads it through extension.getViews. The
  // next test opens it as a user does, with the popup's button.
  test('the sidebar follows the active tab and shows the queries of an answer while it streams', async ({
    firefox,
  }) => {
    const { addOn } = firefox;
    const searched = await firefox.openChat(`/c/${FIXTURE_IDS.liveSearch}`);
    const plain = await firefox.openChat(`/c/${FIXTURE_IDS.plain}`);
    const searchedTab = await firefox.tabIdOf(searched);
    const titleOf = (id: string): string => getConversation(id)?.title ?? '';
    const sidebarText = async () => (await sidebarOfWindow(addOn, searchedTab))?.text ?? 'no sidebar';
    await expect.poll(sidebarText, { timeout: 20_000 }).toContain(titleOf(FIXTURE_IDS.plain));
    await searched.bringToFront();
    await expect.poll(sidebarText, { timeout: 20_000 }).toContain(titleOf(FIXTURE_IDS.liveSearch));
    await expect.poll(async () => (await sidebarOfWindow(addOn, searchedTab))?.face).toBe('views');

    await showSidebarView(addOn, searchedTab, 'Queries');
    // Held before its text until the query shows: paced pieces alone could end first on a busy machine.
    firefox.replica.setOverride(FIXTURE_IDS.liveSearch, { answerHeld: true });
    const prompt = 'Which trail shoes grip best in mud on a Lisbon hill?';
    const [query] = searchQueriesFor(prompt);
    await sendPrompt(searched, prompt);
    await expect.poll(sidebarText, { timeout: 20_000 }).toContain(query);
    // The model is still writing: the page has not shown the answer yet.
    expect((await clientState(searched)).lastAnswer).toBeNull();
    firefox.replica.setOverride(FIXTURE_IDS.liveSearch, null);
    await waitForClient(searched, (state) => state.lastAnswer !== null);
    await plain.close();
    await searched.close();
  });

  test('the sidebar follows an answer resumed over SSE: queries, cited pages, its ad, the transport named resumed', async ({
    firefox,
  }) => {
    // site-interface 10.15: liveSearchHandoff's answer handed to the resume call instead of its topic.
    const { addOn } = firefox;
    const id = FIXTURE_IDS.liveSearchHandoff;
    const chat = await firefox.openChat(`/c/${id}`);
    const tabId = await firefox.tabIdOf(chat);
    const sidebarText = async () => (await sidebarOfWindow(addOn, tabId))?.text ?? 'no sidebar';
    await expect
      .poll(async () => (await sidebarOfWindow(addOn, tabId))?.face, { timeout: 20_000 })
      .toBe('views');
    await showSidebarView(addOn, tabId, 'Queries');
    firefox.replica.setOverride(id, { handoff: 'resume-sse', answerHeld: true });
    firefox.replica.clearRequests();
    const prompt = 'Which rain shell breathes best on a steep climb, resumed in Firefox?';
    const [query] = searchQueriesFor(prompt);
    await sendPrompt(chat, prompt);
    await expect.poll(sidebarText, { timeout: 20_000 }).toContain(query);
    // The model is still writing: the page has not shown the answer yet.
    expect((await clientState(chat)).lastAnswer).toBeNull();
    firefox.replica.setOverride(id, { handoff: 'resume-sse' });
    const state = await waitForClient(chat, (found) => found.lastAnswer !== null);
    expect(state).toMatchObject({ errors: [], transport: 'sse' });
    const lens = await waitForStoredLens(
      addOn,
      tabId,
      (found) => (found.snapshot?.transportCounts.resumed ?? 0) > 0,
    );
    expect(lens.snapshot?.transport).toBe('sse');
    expect(lens.captured.responses).toMatchObject({ 'submit-prompt': 1, 'resume-stream': 1 });
    expect(lens.snapshot?.sources.some((source) => source.cited)).toBe(true);
    expect(lens.snapshot?.ads?.ads.some((ad) => ad.streamed)).toBe(true);
    expect(JSON.stringify(lens)).not.toContain(RESUME_TOKEN_CANARY);
    await expect.poll(sidebarText, { timeout: 10_000 }).toContain('SSE (resumed)');
    await showSidebarView(addOn, tabId, 'Ads');
    await expect.poll(sidebarText, { timeout: 10_000 }).toContain('streamed');
    // The page's one resume; the add-on's own requests would show as more calls of the conversation's
    // messages page, which the page made once when it loaded, before the prompt.
    expect(firefox.replica.requests({ pathPrefix: '/backend-api/f/conversation/resume' })).toHaveLength(1);
    expect(newestPageRequests(firefox.replica, id)).toEqual([]);
    firefox.replica.setOverride(id, null);
    await chat.close();
  });

  test('"Open side panel" in the popup opens the sidebar of its window, which shows the tab', async ({
    firefox,
  }) => {
    const { addOn } = firefox;
    const chat = await firefox.openChat(`/c/${FIXTURE_IDS.plain}`);
    const tabId = await firefox.tabIdOf(chat);
    const popup = await firefox.openPopup(chat);
    await popup.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
    // The user closes the sidebar first: Firefox lets an add-on page close it inside a click only. A
    // WebDriver click is a user's click to Firefox, so the button's sidebarAction.open() is allowed too.
    await popup.evaluate(() => {
      const sidebar = (globalThis as unknown as { browser: { sidebarAction: { close(): Promise<void> } } })
        .browser.sidebarAction;
      document.addEventListener('click', () => void sidebar.close(), { capture: true, once: true });
    });
    await popup.click('main');
    await expect.poll(() => sidebarOfWindow(addOn, tabId)).toBeNull();

    await popup.click('::-p-xpath(//button[.="Open side panel"])');
    await expect.poll(() => sidebarOfWindow(addOn, tabId), { timeout: 10_000 }).not.toBeNull();
    await chat.bringToFront();
    await expect
      .poll(async () => (await sidebarOfWindow(addOn, tabId))?.text, { timeout: 20_000 })
      .toContain(getConversation(FIXTURE_IDS.plain)?.title);
    if (!popup.isClosed()) await popup.close();
    await chat.close();
  });
});
