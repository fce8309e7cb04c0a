import { describe, expect } from 'vitest';
import { EXPORT_FORMAT_IDS } from '@/lens/export/formats';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY } from '@/tests/replica/fixtures/products';
import { RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';
import { REPLICA_TOKEN_PREFIX } from '@/tests/replica/server';
import { extensionApi } from './extension-origins';
import {
  askWorker,
  ownBackendRequests,
  ownPageCursors,
  setFallbackIntervalForTest,
  waitForLens,
} from './lens-state';
import { test } from './lens-test';
import { liveWorker } from './live-worker';
import { askPrompt, waitForClient } from './replica-page';
import { shoot, showView, waitForViews } from './view-checks';

/**
 * The tab clock's interval for the 10,000-message drill, which is about the paging: the fallback poll, 12 s
 * after the page's last load (site-interface 8), asks for the newest page again, and beside the other
 * lanes the 41 older pages took longer than that. The poll has its own drill (fallback-poll.test.ts).
 */
const NO_FALLBACK_POLL_MS = 600_000;
/**
 * For a drill that hangs, not a time it is held to: its 41 older pages are the worker's work, which beside
 * the other lanes on a busy machine had read 32 of them after a minute.
 */
const TEN_THOUSAND_LOAD_MS = 180_000;
const TEN_THOUSAND_TEST_MS = 360_000;

/** Every page of the messages format held (site-interface 4.1), nothing loading. */
const loadedWhole = (state: TabLens): boolean =>
  (state.snapshot?.progress.pagesLoaded ?? 0) > 0 &&
  state.snapshot?.progress.hasMore === false &&
  state.snapshot.load.status === 'idle';

describe('the live runtime in the browser', () => {
  test('asks for nothing the page loaded; the older pages of a long conversation once each', async ({
    lens,
  }) => {
    lens.replica.clearRequests();
    const plain = await lens.openChat(`/c/${FIXTURE_IDS.plain}`);
    await waitForClient(plain, (client) => client.loaded);
    const plainLens = await waitForLens(
      lens,
      await lens.tabIdOf(plain),
      (state) => state.snapshot?.summary != null,
    );
    expect(plainLens.snapshot?.summary?.messageCount).toBeGreaterThan(0);
    expect(ownBackendRequests(lens.replica)).toEqual([]);
    await plain.close();

    lens.replica.clearRequests();
    const long = await lens.openChat(`/c/${FIXTURE_IDS.longHistory}`);
    const tabId = await lens.tabIdOf(long);
    const state = await waitForLens(
      lens,
      tabId,
      (found) => loadedWhole(found) && found.snapshot?.progress.pagesLoaded === 3,
    );
    const cursors = ownPageCursors(lens.replica, FIXTURE_IDS.longHistory);
    // The page loaded the newest page itself; the extension asked for the two older ones, once each.
    expect(cursors).toHaveLength(2);
    expect(cursors.every((cursor) => cursor !== null)).toBe(true);
    expect(new Set(cursors).size).toBe(2);
    expect(ownBackendRequests(lens.replica)).toHaveLength(2);
    expect(state.snapshot?.summary?.messageCount).toBeGreaterThan(200);
    expect(state.captured.responses['conversation-messages']).toBe(1);
    await long.close();
  });

  test('reads the history as the page of autumn 2026 reads it: small pages, older turns apart, a batch', async ({
    lens,
  }) => {
    lens.replica.clearRequests();
    const id = FIXTURE_IDS.longHistory;
    // The page reads its newest ten turns and the tree in a batch, and has not scrolled back: the add-on
    // reads every older page itself. Were the page to read one as well, the add-on's first refresh could come
    // before it saw the page's, and would ask for the same page (testing "Lanes").
    const long = await lens.openChat(`/c/${id}?history=small-pages`);
    await waitForClient(long, (client) => client.loaded);
    const tabId = await lens.tabIdOf(long);
    const state = await waitForLens(lens, tabId, loadedWhole);
    const pageRead = lens.replica.requests({ origin: 'page', pathPrefix: '/backend-api/conversations' });
    const pagePaths = pageRead.map((request) => request.path.split('?')[0]);
    expect(pagePaths).toEqual(
      expect.arrayContaining([`/backend-api/conversations/${id}`, '/backend-api/conversations/batch']),
    );
    expect(pagePaths).not.toContain(`/backend-api/conversations/${id}/messages`);
    // The extension asked for neither the newest page nor the tree, and each older page once, on the path
    // the page's small pages tell (site-interface 10.13).
    const own = ownBackendRequests(lens.replica);
    expect(own.length).toBeGreaterThan(0);
    expect(
      own.every((request) => request.path.startsWith(`/backend-api/conversations/${id}/messages?`)),
    ).toBe(true);
    const cursors = ownPageCursors(lens.replica, id);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(state.captured.responses['conversations-batch']).toBeGreaterThan(0);
    expect(state.snapshot?.summary?.messageCount).toBeGreaterThan(200);
    await long.close();
  });

  test.for([
    ['sse', 'sse'],
    ['websocket', 'websocket'],
    ['bothTransports', 'websocket'],
    ['liveShopping', 'websocket'],
  ] as const)(
    'tells the transport of %s by the rule of site-interface 6',
    async ([name, transport], { lens }) => {
      const page = await lens.openChat(`/c/${FIXTURE_IDS[name]}`);
      await waitForClient(page, (client) => client.loaded);
      await askPrompt(page, 'Which one would you pick for a small kitchen?');
      const tabId = await lens.tabIdOf(page);
      const state = await waitForLens(lens, tabId, (found) => found.snapshot?.transport === transport);
      expect(state.snapshot?.conversationId).toBe(FIXTURE_IDS[name]);
      await page.close();
    },
  );

  test('follows one tab from conversation to conversation, and keeps two tabs apart', async ({ lens }) => {
    const page = await lens.openChat(`/c/${FIXTURE_IDS.plain}`);
    const tabId = await lens.tabIdOf(page);
    await waitForLens(lens, tabId, (state) => state.snapshot?.conversationId === FIXTURE_IDS.plain);
    await page.goto(`https://chatgpt.com/c/${FIXTURE_IDS.webSearch}`);
    const moved = await waitForLens(
      lens,
      tabId,
      (state) =>
        state.snapshot?.conversationId === FIXTURE_IDS.webSearch &&
        (state.snapshot.queries?.queries.length ?? 0) > 0,
    );
    expect(moved.conversationId).toBe(FIXTURE_IDS.webSearch);
    await page.goBack();
    await waitForLens(lens, tabId, (state) => state.snapshot?.conversationId === FIXTURE_IDS.plain);

    const other = await lens.openChat(`/c/${FIXTURE_IDS.ads}`);
    const otherTab = await lens.tabIdOf(other);
    const ads = await waitForLens(lens, otherTab, (state) => (state.snapshot?.ads?.ads.length ?? 0) > 0);
    expect(ads.conversationId).toBe(FIXTURE_IDS.ads);
    const first = await waitForLens(lens, tabId, (state) => state.snapshot !== null);
    expect(first.conversationId).toBe(FIXTURE_IDS.plain);
    expect(first.snapshot?.ads?.ads ?? []).toEqual([]);

    // A closed tab leaves nothing behind.
    await other.close();
    await expect
      .poll(async () =>
        Object.keys(await extensionApi(lens.context).evaluate(() => chrome.storage.session.get(null))),
      )
      .not.toContain(`tabLens:${otherTab}`);
    await page.close();
  });

  test(
    'a 10,000-message conversation: every page fetched once, every query and source listed with only the rows on screen drawn, exported whole',
    async ({ lens }) => {
      await setFallbackIntervalForTest(lens.context, NO_FALLBACK_POLL_MS);
      lens.replica.clearRequests();
      const chat = await lens.openChat(`/c/${FIXTURE_IDS.tenThousand}`);
      const tabId = await lens.tabIdOf(chat);
      const state = await waitForLens(lens, tabId, loadedWhole, TEN_THOUSAND_LOAD_MS);
      const cursors = ownPageCursors(lens.replica, FIXTURE_IDS.tenThousand);
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(cursors.length).toBe((state.snapshot?.progress.pagesLoaded ?? 0) - 1);
      expect(state.snapshot?.summary?.messageCount).toBeGreaterThanOrEqual(10_000);
      // What the UI reads first fits the session area easily.
      expect(JSON.stringify(state).length).toBeLessThan(2_000_000);

      const panel = await lens.openExtensionPage('sidepanel.html', chat);
      await waitForViews(lens, panel, chat, 60_000);
      const queries = await showView(panel, 'Queries');
      // The view's count says how many queries it lists: all of the conversation's, more than a thousand.
      await expect
        .poll(async () => Number((await queries.locator('output').textContent())?.split(' of ')[1] ?? 0))
        .toBeGreaterThan(1000);
      const list = queries.getByRole('list', { name: 'Queries by turn' });
      const setSize = Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'));
      expect(setSize).toBeGreaterThan(1000);
      expect(await list.getByRole('listitem').count()).toBeLessThan(80);
      // Scrolled to the end, the last rows are drawn and still only a few dozen.
      const frame = queries.getByRole('region', { name: 'Queries by turn' });
      await frame.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect
        .poll(() => list.getByRole('listitem').last().getAttribute('aria-posinset'))
        .toBe(String(setSize));
      expect(await list.getByRole('listitem').count()).toBeLessThan(80);
      const sources = await showView(panel, 'Sources');
      const pages = sources.getByRole('list', { name: 'Pages by turn and site' });
      await pages.waitFor();
      expect(Number(await pages.getByRole('listitem').first().getAttribute('aria-setsize'))).toBeGreaterThan(
        1000,
      );
      expect(await pages.getByRole('listitem').count()).toBeLessThan(80);
      await shoot(panel, 'view-sources-tenThousand-light-400', { fullPage: false });

      const exported = await askWorker(panel, 'exportConversation', { tabId, format: 'md' });
      if (!exported.ok) throw new Error(exported.error.message);
      expect(exported.value.fileName).toMatch(/^\d{4}-\d{2}-\d{2} .+\.md$/);
      expect(exported.value.mimeType).toContain('text/markdown');
      expect(exported.value.text.length).toBeGreaterThan(1_000_000);
      await panel.close();
      await chat.close();
    },
    TEN_THOUSAND_TEST_MS,
  );

  test('no resume token, access token, product secret or ad tracking value in storage, IndexedDB or console', async ({
    lens,
  }) => {
    const logged: string[] = [];
    lens.context.on('console', (message) => logged.push(message.text()));
    (await liveWorker(lens.context)).on('console', (message) => logged.push(message.text()));
    const page = await lens.openChat(`/c/${FIXTURE_IDS.liveShopping}`);
    await waitForClient(page, (client) => client.loaded && client.productRefreshes >= 1);
    await askPrompt(page, 'Which of these folds flat for a long flight?');
    const tabId = await lens.tabIdOf(page);
    await waitForLens(lens, tabId, (state) => (state.snapshot?.offers.length ?? 0) > 0);
    const popup = await lens.openExtensionPage('popup.html', page);
    const offers = await askWorker(popup, 'refreshOffers', { tabId });
    expect(offers).toMatchObject({ ok: true, value: { running: false } });
    for (const format of EXPORT_FORMAT_IDS) {
      const exported = await askWorker(popup, 'exportConversation', { tabId, format });
      expect(exported.ok).toBe(true);
      if (exported.ok) logged.push(exported.value.text);
    }
    const everything = await extensionApi(lens.context).evaluate(async () =>
      JSON.stringify({
        session: await chrome.storage.session.get(null),
        local: await chrome.storage.local.get(null),
        indexedDb: await indexedDB.databases(),
      }),
    );
    expect(JSON.parse(everything).indexedDb).toEqual([]);
    const seen = [everything, await popup.content(), ...logged].join('\n');
    for (const canary of [
      REPLICA_TOKEN_PREFIX,
      RESUME_TOKEN_CANARY,
      PRODUCT_TOKEN_CANARY,
      AD_TRACKING_CANARY,
    ]) {
      expect(seen).not.toContain(canary);
    }
    await popup.close();
    await page.close();
  });
});
