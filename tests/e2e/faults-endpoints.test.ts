import { describe, expect } from 'vitest';
import { ASK_AGAIN_AFTER_MS } from '@/lens/holding/ask-again';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards } from '@/tests/replica/fixtures/products';
import {
  expectBanner,
  expectNoBanner,
  expectPageUndisturbed,
  expectRecovered,
  expectViewsKept,
  exportThroughMenu,
  FALLBACK_BEHIND_PAGE_POLL_MS,
  failedWith,
  messageCount,
  openWatched,
  ownCallsSince,
  pageCallsSince,
  pageOutcome,
  setFault,
  settled,
  stopWorker,
} from './fault-drill';
import { waitForLens } from './lens-state';
import { test } from './lens-test';
import { shootEveryLook } from './view-checks';

/** Longer than Chromium holds back an extension's requests to a URL after one 503 (0.7 s, give or take 40 %). */
const THROTTLE_AFTER_503_MS = 1_500;

/** Settled, with the ads and the account the page loaded (site-interface 4.3 and site-interface 4.6). */
const withAdsAndAccount = (state: TabLens): boolean =>
  settled(state) && (state.snapshot?.ads?.adCount ?? 0) > 0 && state.snapshot?.ads?.accountSegmentId != null;

describe('404 and 5xx on each endpoint the extension reads', () => {
  test('404 on the ads and 403 on /me: the service has none, so no banner, a quiet "No ads", and neither is asked again', async ({
    lens,
  }) => {
    const id = FIXTURE_IDS.ads;
    // The page's own requests at load meet the answers as the extension's do, so the extension asks itself;
    // the account lives in the worker's memory, which a stopped worker has lost.
    setFault(lens, id, { fault: { kind: 'status', status: 404, paths: ['ads'] } });
    setFault(lens, '*', { fault: { kind: 'status', status: 403, paths: ['me'] } });
    await stopWorker(lens);
    const since = Date.now();
    const tab = await openWatched(lens, 'ads', {
      ready: (state) => settled(state) && state.snapshot?.ads != null,
    });
    expect(tab.before.lens.snapshot?.ads).toMatchObject({
      shownAny: false,
      adCount: 0,
      accountSegmentId: null,
    });
    expect(new Set(tab.before.page.client.errors)).toEqual(new Set(['me: HTTP 403', 'ads: HTTP 404']));
    await expectViewsKept(tab);
    await expectNoBanner(tab);
    for (const surface of tab.surfaces) {
      await surface.bringToFront();
      await surface.getByRole('tab', { name: /Ads/ }).click();
      await expect(surface.getByRole('tabpanel').textContent()).resolves.toContain(
        'No ads for this conversation.',
      );
    }
    await shootEveryLook(tab.popup, 'fault-ads-none');
    // The export reads as no ads, and claims no error.
    expect(tab.before.exported.ads).toMatchObject({ shownAny: false, adCount: 0, ads: [] });

    const own = (path: string) =>
      ownCallsSince(lens.replica, since).filter((call) => call.path.split('?')[0]?.endsWith(path));
    const [firstAds] = own('/ads');
    if (firstAds === undefined) throw new Error('The extension never asked for the ads.');
    // Two of the extension's fallback polls after the pause a failure would have had (ask-again.ts): a
    // failed request would have been asked again at either.
    const pollsAfterPause = () =>
      ownCallsSince(lens.replica, firstAds.time + ASK_AGAIN_AFTER_MS).filter(
        (call) => call.conversationId === id && call.status === 200,
      ).length;
    await expect.poll(pollsAfterPause, { timeout: ASK_AGAIN_AFTER_MS + 10_000 }).toBeGreaterThanOrEqual(2);
    expect(own('/ads').map((call) => call.status)).toEqual([404]);
    expect(own('/me').map((call) => call.status)).toEqual([403]);
    await expectNoBanner(tab);
    // The page loaded once, met the answers on its /me and ads, and asked nothing since.
    expect(
      pageCallsSince(lens.replica, id, since)
        .filter((call) => / [45]\d\d$/.test(call))
        .sort(),
    ).toEqual([`GET /backend-api/bazaar/conversation/${id}/ads 404`, 'GET /backend-api/me 403']);
    await expectPageUndisturbed(lens, tab, tab.before.lens.updatedAt);
  });

  test('503 on the ads and on /me: the conversation stays shown, a banner says so, ads and account come once the fault ends', async ({
    lens,
  }) => {
    const status = 503;
    const id = FIXTURE_IDS.ads;
    // The page's own requests at load meet the fault as the extension's do, so the extension asks
    // itself; the account lives in the worker's memory, which a stopped worker has lost.
    const lift = setFault(lens, '*', { fault: { kind: 'status', status, paths: ['ads', 'me'] } });
    await stopWorker(lens);
    const since = Date.now();
    const tab = await openWatched(lens, 'ads', {
      ready: (state) => state.snapshot?.summary != null && failedWith('server')(state),
    });
    expect(tab.before.lens.snapshot?.ads?.adCount ?? 0).toBe(0);
    expect(tab.before.lens.snapshot?.ads?.accountSegmentId ?? null).toBeNull();
    expect(new Set(tab.before.page.client.errors)).toEqual(
      new Set([`me: HTTP ${status}`, `ads: HTTP ${status}`]),
    );
    await expectViewsKept(tab);
    await expectBanner(tab, 'error', /^Ads of this conversation: .*\(503\)\. .*tries again/);
    expect(tab.before.exported.messages).toHaveLength(messageCount(tab));
    const asked = (path: string) =>
      ownCallsSince(lens.replica, since).filter((call) => call.path.endsWith(path) && call.status === status);
    expect(asked('/ads').length).toBeGreaterThan(0);
    expect(asked('/me').length).toBeGreaterThan(0);

    const endedAt = Date.now();
    lift();
    // A 503 is asked again at the next poll (ask-again.ts).
    const recovered = await expectRecovered(lens, tab, endedAt, withAdsAndAccount);
    const exported = await exportThroughMenu(tab.panel ?? tab.popup);
    expect(exported.messages).toEqual(tab.before.exported.messages);
    expect(exported.ads).toMatchObject({
      adCount: recovered.snapshot?.ads?.adCount,
      accountSegmentId: recovered.snapshot?.ads?.accountSegmentId,
    });
    // The page loaded once, met the fault on its /me and ads, and asked nothing since.
    expect(
      pageCallsSince(lens.replica, id, since)
        .filter((call) => / [45]\d\d$/.test(call))
        .sort(),
    ).toEqual([`GET /backend-api/bazaar/conversation/${id}/ads ${status}`, `GET /backend-api/me ${status}`]);
    await expectPageUndisturbed(lens, tab, tab.before.lens.updatedAt);
  });

  test('the worker stopped: an Export at once holds the messages, the ads and the account the page had loaded', async ({
    lens,
  }) => {
    // No fallback poll wakes the worker before the click: the export's own request does.
    const tab = await openWatched(lens, 'ads', {
      ready: withAdsAndAccount,
      panel: false,
      fallbackMs: 60_000,
    });
    expect(tab.before.exported.ads?.adCount ?? 0).toBeGreaterThan(0);
    await stopWorker(lens);
    const since = Date.now();
    const exported = await exportThroughMenu(tab.popup);
    expect(exported.messages).toEqual(tab.before.exported.messages);
    expect(exported.ads).toEqual(tab.before.exported.ads);
    await expect(tab.popup.locator('.export').textContent()).resolves.not.toMatch(/could not be loaded/);
    // What the stopped worker had lost, asked for once each: its token, the messages page, the ads and /me.
    const own = ownCallsSince(lens.replica, since).map((call) => call.path.split('?')[0]);
    expect(own.sort()).toEqual(
      [
        '/api/auth/session',
        `/backend-api/bazaar/conversation/${tab.conversationId}/ads`,
        `/backend-api/conversations/${tab.conversationId}`,
        '/backend-api/me',
      ].sort(),
    );
  });

  test('404, then 503, on product_update: the offers stay, each run says so, the next run clears it', async ({
    lens,
  }) => {
    const cards = productCards(FIXTURE_IDS.products).length;
    const tab = await openWatched(lens, 'products', {
      pageReady: (client) => client.productRefreshes >= cards,
      // Every card's product_update the page made has reached the worker.
      ready: (state) => settled(state) && (state.captured.responses['product-update'] ?? 0) >= cards,
    });
    const offers = tab.before.lens.snapshot?.offers;
    const since = Date.now();
    const { popup } = tab;
    await popup.bringToFront();
    await popup.getByRole('tab', { name: /Offers/ }).click();
    const runEnded = (done: (state: TabLens) => boolean) =>
      waitForLens(lens, tab.tabId, (state) => state.snapshot?.offersRefresh.running === false && done(state));
    for (const status of [404, 503]) {
      const from = Date.now();
      const lift = setFault(lens, '*', {
        fault: { kind: 'status', status, paths: ['product'], origins: ['extension'] },
      });
      await popup.getByRole('button', { name: 'Refresh offers' }).click();
      const failed = await runEnded((state) => state.snapshot?.offersRefresh.error?.status === status);
      // site-interface 4.4: one failure is not fatal, so each product was tried.
      expect(failed.snapshot?.offersRefresh).toMatchObject({ total: cards, failures: cards });
      expect(failed.snapshot?.offers).toEqual(offers);
      expect(ownCallsSince(lens.replica, from).filter((call) => call.status === status)).toHaveLength(cards);
      await expect(popup.locator('.offers-refresh__status').textContent()).resolves.toMatch(
        new RegExp(`Last refresh: ${cards} of ${cards} products, ${cards} failed\\..*\\(${status}\\)`),
      );
      await expectBanner(tab, 'error', new RegExp(`product_update.*\\(${status}\\)`));
      expect((await exportThroughMenu(popup)).offers).toEqual(tab.before.exported.offers);

      lift();
      // Chromium holds back an extension's requests to a URL that answered 503 for a moment (under a second
      // after one 503; ERR_TEMPORARILY_THROTTLED, a failed fetch here). Each product's URL met one, so the
      // next run waits that out, as a user would; a call still held back is one failure a run survives
      // (site-interface 4.4).
      if (status === 503) await new Promise((resolve) => setTimeout(resolve, THROTTLE_AFTER_503_MS));
      await popup.getByRole('button', { name: 'Refresh offers' }).click();
      const recovered = await runEnded(
        (state) =>
          state.snapshot?.offersRefresh.done === cards && state.snapshot.offersRefresh.error === null,
      );
      expect(recovered.snapshot?.offersRefresh.failures).toBeLessThanOrEqual(status === 503 ? 1 : 0);
      expect(recovered.snapshot?.offers.length).toBe(offers?.length);
      await expectNoBanner(tab);
    }
    await expectPageUndisturbed(lens, tab, since);
  });

  test("404, then 503, on the page's tree polls: the extension's own poll covers for them, then leaves it to the page again", async ({
    lens,
  }) => {
    // A fallback interval longer than the page's 5 s tree poll: only a failing page lets it fire.
    const tab = await openWatched(lens, 'webSearch', {
      pagePolls: true,
      fallbackMs: FALLBACK_BEHIND_PAGE_POLL_MS,
    });
    const id = tab.conversationId;
    const ownPolls = (from: number) =>
      ownCallsSince(lens.replica, from).filter((call) =>
        call.path.startsWith(`/backend-api/conversations/${id}`),
      );
    expect(ownPolls(tab.before.lens.updatedAt)).toEqual([]);
    const since = Date.now();
    for (const status of [404, 503]) {
      const from = Date.now();
      const lift = setFault(lens, id, { fault: { kind: 'status', status, paths: ['tree'] } });
      await expect.poll(() => ownPolls(from).length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(ownPolls(from).every((call) => call.status === 200)).toBe(true);
      // The extension's own poll found the conversation as held: nothing failed, nothing to show but it.
      const during = await waitForLens(lens, tab.tabId, settled, 5_000);
      expect(during.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
      await expectViewsKept(tab);
      await expectNoBanner(tab);
      expect(await exportThroughMenu(tab.panel ?? tab.popup)).toEqual(tab.before.exported);
      lift();
      const endedAt = Date.now();
      await expect
        .poll(
          () => pageCallsSince(lens.replica, id, endedAt).filter((call) => call.endsWith(' 200')).length,
          {
            timeout: 15_000,
          },
        )
        .toBeGreaterThan(0);
    }
    // Passive again: the page's polls bring the conversation, the extension asks nothing.
    const quietFrom = Date.now() + 500;
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    expect(ownPolls(quietFrom)).toEqual([]);
    await waitForLens(lens, tab.tabId, settled);
    // The page's own requests: its tree polls, met by the faults then answered again, and nothing else.
    const tree = `GET /backend-api/conversation/${id}`;
    expect(new Set(pageCallsSince(lens.replica, id, since))).toEqual(
      new Set([`${tree} 404`, `${tree} 503`, `${tree} 200`]),
    );
    const outcome = await pageOutcome(tab.chat);
    expect(outcome.thread).toBe(tab.before.page.thread);
    // What the page says of the faults: its poll's 503 (to the page a 404 tree is no error,
    // site-interface 9.2).
    expect(new Set(outcome.client.errors)).toEqual(
      new Set([...tab.before.page.client.errors, 'tree: HTTP 503']),
    );
  });
});
