import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { FALLBACK_INTERVAL_MS } from '@/lens/runtime/contract/relay-channel';
import { BACKOFF_LADDER_MS } from '@/lib/api/rate-governor';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import type { Replica } from '@/tests/replica/server';
import { hideTab, showTab } from '@/tests/support/hide-tab';
import { extensionApi } from './extension-origins';
import { FALLBACK_BEHIND_PAGE_POLL_MS, setFault } from './fault-drill';
import {
  ownPageCursors,
  setFallbackInterval,
  setFallbackIntervalForTest,
  storedLens,
  waitForLens,
} from './lens-state';
import { type Lens, test } from './lens-test';
import { liveWorker } from './live-worker';
import { waitForClient } from './replica-page';

/** The extension's own requests of a conversation's newest messages page: what its fallback poll asks. */
const fallbackPolls = (replica: Replica, conversationId: string) =>
  replica
    .requests({ origin: 'extension', pathPrefix: `/backend-api/conversations/${conversationId}` })
    .filter((request) => !request.path.includes('before='));

/** A conversation whose page polls nothing while idle (the replica's ?tree_poll=off), loaded. */
async function openQuietChat(lens: Lens, conversationId: string): Promise<Page> {
  const page = await lens.openChat(`/c/${conversationId}?tree_poll=off`);
  await waitForClient(page, (client) => client.loaded);
  return page;
}

const lastPageRequestTime = (replica: Replica, conversationId: string): number =>
  Math.max(
    ...replica
      .requests({ origin: 'page' })
      .filter((request) => request.conversationId === conversationId)
      .map((request) => request.time),
  );

describe('the fallback poll (site-interface 8) and rate governor (site-interface 7) in the browser', () => {
  test('one poll at the 12 s default once the page is quiet; none while the page polls the tree itself', async ({
    lens,
  }) => {
    lens.replica.clearRequests();
    // The polling page's clock behind its 5 s tree poll, so each poll resets it.
    await setFallbackIntervalForTest(lens.context, FALLBACK_BEHIND_PAGE_POLL_MS);
    const polling = await lens.openChat(`/c/${FIXTURE_IDS.webSearch}`);
    await waitForClient(polling, (client) => client.loaded);
    await setFallbackInterval(lens.context, null);
    const quiet = await openQuietChat(lens, FIXTURE_IDS.plain);
    const quietSince = lastPageRequestTime(lens.replica, FIXTURE_IDS.plain);

    await expect
      .poll(() => fallbackPolls(lens.replica, FIXTURE_IDS.plain).length, { timeout: 16_000, interval: 250 })
      .toBe(1);
    const [poll] = fallbackPolls(lens.replica, FIXTURE_IDS.plain);
    expect((poll?.time ?? 0) - quietSince).toBeGreaterThanOrEqual(FALLBACK_INTERVAL_MS);
    expect((poll?.time ?? 0) - quietSince).toBeLessThan(FALLBACK_INTERVAL_MS + 2_500);

    // The polling tab was open 18 s and more by now: its page's own polls kept the clock from firing.
    await expect
      .poll(() => Date.now() - lastPageRequestTime(lens.replica, FIXTURE_IDS.plain), { timeout: 10_000 })
      .toBeGreaterThan(14_000);
    const treePolls = lens.replica
      .requests({ origin: 'page', pathPrefix: `/backend-api/conversation/${FIXTURE_IDS.webSearch}` })
      .filter((request) => !request.path.includes('stream_status'));
    expect(treePolls.length).toBeGreaterThanOrEqual(3);
    expect(
      lens.replica
        .requests({ origin: 'extension', pathPrefix: '/backend-api/' })
        .filter((request) => request.conversationId === FIXTURE_IDS.webSearch),
    ).toEqual([]);
    await polling.close();
    await quiet.close();
  });

  test('none while the tab is hidden; showing it again brings a refresh', async ({ lens }) => {
    const intervalMs = 1_000;
    await setFallbackIntervalForTest(lens.context, intervalMs);
    const id = FIXTURE_IDS.sse;
    const page = await openQuietChat(lens, id);
    const tab = { page, cdp: await lens.context.newCDPSession(page) };
    // Visible and quiet: the clock fires at the short interval.
    await expect.poll(() => fallbackPolls(lens.replica, id).length, { timeout: 10_000 }).toBeGreaterThan(0);

    await hideTab(tab);
    const hiddenAt = Date.now();
    const ownSince = (since: number) =>
      lens.replica.requests({ origin: 'extension' }).filter((request) => request.time > since);
    // A poll already on its way when the tab hid may still land; give it a moment, then count from there.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const quietFrom = Math.max(hiddenAt, ...ownSince(hiddenAt).map((request) => request.time));
    await new Promise((resolve) => setTimeout(resolve, 6 * intervalMs));
    expect(ownSince(quietFrom)).toEqual([]);

    const shownAt = Date.now();
    await showTab(tab);
    await expect
      .poll(() => fallbackPolls(lens.replica, id).filter((request) => request.time > shownAt).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await tab.cdp.detach();
    await page.close();
  });

  test('the worker stopped: the next poll still arrives and the state is intact', async ({ lens }) => {
    await setFallbackIntervalForTest(lens.context, 2_000);
    const id = FIXTURE_IDS.sse;
    const page = await openQuietChat(lens, id);
    const tabId = await lens.tabIdOf(page);
    await expect.poll(() => fallbackPolls(lens.replica, id).length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The page loads both formats (site-interface 1), and the copy of each reaches the worker on its own:
    // the views can show the tree's summary before the messages page's copy is counted.
    const before = await waitForLens(
      lens,
      tabId,
      (state) =>
        state.snapshot?.summary != null && state.captured.responses['conversation-messages'] !== undefined,
    );

    // A mark in the worker's memory: gone once the worker was stopped and started again.
    await (await liveWorker(lens.context)).evaluate(() => {
      Object.assign(globalThis, { beforeTheStop: true });
    });
    const blank = await lens.context.newPage();
    const cdp = await lens.context.newCDPSession(blank);
    const statuses: string[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions)
        if (version.scriptURL.endsWith('/background.js')) statuses.push(version.runningStatus);
    });
    await cdp.send('ServiceWorker.enable');
    const stoppedAt = Date.now();
    await cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => statuses.includes('stopped')).toBe(true);

    // The tab's clock, not the worker, keeps the time: its message wakes the worker, which polls.
    await expect
      .poll(() => fallbackPolls(lens.replica, id).filter((request) => request.time > stoppedAt).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    expect(statuses.slice(statuses.indexOf('stopped'))).toContain('running');
    const worker = await liveWorker(lens.context);
    expect(await worker.evaluate(() => 'beforeTheStop' in globalThis)).toBe(false);
    const after = await storedLens(lens.context, tabId);
    expect(after?.conversationId).toBe(id);
    expect(after?.snapshot?.summary).toEqual(before.snapshot?.summary);
    expect(after?.captured.responses['conversation-messages']).toBe(
      before.captured.responses['conversation-messages'],
    );
    await blank.close();
    await page.close();
  });

  test('a 429 with Retry-After keeps the data and holds every request at least that long', async ({
    lens,
  }) => {
    await setFallbackIntervalForTest(lens.context, 1_000);
    const id = FIXTURE_IDS.rateLimitSeconds;
    const page = await openQuietChat(lens, id);
    const tabId = await lens.tabIdOf(page);
    await expect
      .poll(() => lens.replica.requests({ origin: 'extension', status: 429 }).length, { timeout: 10_000 })
      .toBe(1);
    const limitedAt = lens.replica.requests({ origin: 'extension', status: 429 })[0]?.time ?? 0;
    const state = await waitForLens(lens, tabId, (found) => found.snapshot?.rateLimitedUntil != null);
    expect(state.snapshot?.summary?.messageCount).toBeGreaterThan(0);
    // The scenario's Retry-After is 2 s.
    expect(state.snapshot?.rateLimitedUntil).toBeGreaterThanOrEqual(limitedAt + 2_000);
    await expect
      .poll(() => fallbackPolls(lens.replica, id).filter((request) => request.status === 200).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const resumed = fallbackPolls(lens.replica, id).find((request) => request.status === 200);
    expect(resumed?.time ?? 0).toBeGreaterThanOrEqual(limitedAt + 2_000);
    await page.close();
  });

  test("the page's own 429 holds the extension's requests as long as its Retry-After asks; then it loads what the page could not", async ({
    lens,
  }) => {
    // The messages page the page could not load comes with the extension's next fallback poll.
    await setFallbackIntervalForTest(lens.context, 1_000);
    const id = FIXTURE_IDS.webSearch;
    const retryAfterS = 3;
    setFault(lens, id, {
      rateLimit: {
        retryAfter: 'seconds',
        seconds: retryAfterS,
        origins: ['page'],
        paths: ['messages'],
        times: 1,
      },
    });
    const page = await openQuietChat(lens, id);
    const tabId = await lens.tabIdOf(page);
    const refusal = lens.replica
      .requests({ origin: 'page', status: 429 })
      .find((request) => request.conversationId === id);
    expect(refusal).toBeDefined();
    const refusedAt = refusal?.time ?? 0;
    const state = await waitForLens(
      lens,
      tabId,
      (found) => (found.snapshot?.rateLimitedUntil ?? 0) > refusedAt,
    );
    // site-interface 7: the header's 3 s, which the page hook copies, not the ladder's 60 s. The copy waits
    // for the page to be idle (at most 1 s) before it is posted.
    const wait = (state.snapshot?.rateLimitedUntil ?? 0) - refusedAt;
    expect(wait).toBeGreaterThanOrEqual(retryAfterS * 1_000);
    expect(wait).toBeLessThan(retryAfterS * 1_000 + 2_500);
    // The messages page the page could not load, the extension loads once the wait is over.
    await expect.poll(() => fallbackPolls(lens.replica, id).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(fallbackPolls(lens.replica, id)[0]).toMatchObject({ status: 200 });
    expect(fallbackPolls(lens.replica, id)[0]?.time).toBeGreaterThanOrEqual(refusedAt + retryAfterS * 1_000);
    await waitForLens(lens, tabId, (found) => found.snapshot?.governor.strikes === 0);
    await page.close();
  });

  // Last in this file: it leaves the one governor waiting 60 s.
  test('a 429 without Retry-After holds every request 60 s, saved for a restarted worker', async ({
    lens,
  }) => {
    await setFallbackIntervalForTest(lens.context, 1_000);
    const id = FIXTURE_IDS.rateLimitPlain;
    const page = await openQuietChat(lens, id);
    const tabId = await lens.tabIdOf(page);
    await expect
      .poll(
        () =>
          lens.replica
            .requests({ origin: 'extension', status: 429 })
            .filter((request) => request.conversationId === id).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const limitedAt =
      lens.replica
        .requests({ origin: 'extension', status: 429 })
        .find((request) => request.conversationId === id)?.time ?? 0;
    const state = await waitForLens(
      lens,
      tabId,
      (found) => (found.snapshot?.rateLimitedUntil ?? 0) > limitedAt,
    );
    const wait = (state.snapshot?.rateLimitedUntil ?? 0) - limitedAt;
    expect(wait).toBeGreaterThanOrEqual(BACKOFF_LADDER_MS[0]);
    expect(wait).toBeLessThan(BACKOFF_LADDER_MS[0] + 1_500);
    expect(state.snapshot?.summary?.messageCount).toBeGreaterThan(0);
    const { rateGovernor } = await extensionApi(lens.context).evaluate(() =>
      chrome.storage.session.get('rateGovernor'),
    );
    expect(rateGovernor).toMatchObject({ blockedUntil: state.snapshot?.rateLimitedUntil, strikes: 1 });
    // The clock keeps firing every second; the governor lets none of it out.
    const count = ownPageCursors(lens.replica, id).length;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(ownPageCursors(lens.replica, id).length).toBe(count);
    await page.close();
  });
});
