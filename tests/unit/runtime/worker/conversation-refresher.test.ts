import { describe, expect, it } from 'vitest';
import { ASK_AGAIN_AFTER_MS } from '@/lens/holding/ask-again';
import { refreshConversation } from '@/lens/runtime/worker/conversation-refresher';
import { CURRENT_FOR_MS, type RefreshTrigger } from '@/lens/runtime/worker/refresh-plan';
import type { PagesProgress } from '@/lib/api/conversation-pages';
import { adsResponse } from '@/tests/replica/fixtures/ads';
import { storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { activePath, messagesResponse, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { jsonResponse } from '@/tests/support/fakes/fake-backend';
import { replicaWithAds, runtimeOver } from '@/tests/support/fakes/runtime-backend';

const LONG = FIXTURE_IDS.longHistory;
const newestPageOf = (id: string) => messagesResponse(storedConversation(id), { numTurns: 100 });
const triggers = (...list: RefreshTrigger[]) => new Set(list);
const heldIds = (holding: { formats(): { conversation: { messages: { id: string }[] } | null } }) =>
  holding.formats().conversation?.messages.map((message) => message.id) ?? [];

/** A holding that has what the page loads itself: the newest page, the tree, the ads and /me. */
function pageLoaded(runtime: ReturnType<typeof runtimeOver>, id: string) {
  const holding = runtime.holdingOf(id);
  holding.ingestMessagesPage(newestPageOf(id), null);
  holding.captured.ingestTreeText(JSON.stringify(treeResponse(storedConversation(id))));
  holding.captured.ingestAds({ entries_by_turn_id: {} });
  runtime.account.ingest({ ads_segment_id: 'seg-1', country: 'US' });
  return holding;
}

describe('refreshConversation over the replica', () => {
  it('fetches each older page of a 3-page conversation once, and nothing the page loaded', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const holding = pageLoaded(runtime, LONG);
    const outcome = await refreshConversation(holding, triggers('navigation', 'captured'), runtime.deps);
    const sent = runtime.backendRequests().map((request) => request.url);
    expect(sent).toHaveLength(2);
    expect(sent.every((url) => url.pathname === `/backend-api/conversations/${LONG}`)).toBe(true);
    const cursors = sent.map((url) => url.searchParams.get('before'));
    expect(cursors.every((cursor) => cursor !== null)).toBe(true);
    expect(new Set(cursors).size).toBe(2);
    expect(outcome.load).toMatchObject({ status: 'idle', error: null });
    expect(holding.pages.progress()).toMatchObject({ pagesLoaded: 3, hasMore: false });
    expect(heldIds(holding)).toEqual(activePath(storedConversation(LONG)).map((message) => message.id));

    await refreshConversation(holding, triggers('captured', 'ui-opened', 'stream-ended'), runtime.deps);
    expect(runtime.backendRequests()).toHaveLength(2);
  });

  it('reports progress while the older pages come', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const holding = pageLoaded(runtime, LONG);
    const seen: PagesProgress[] = [];
    const setLoad = holding.ledger.setLoad.bind(holding.ledger);
    holding.ledger.setLoad = (load) => {
      if (load.progress !== null) seen.push(load.progress);
      setLoad(load);
    };
    await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(seen.map((step) => step.pagesLoaded)).toEqual([1, 2, 3]);
    expect(seen.at(-1)?.messagesLoaded).toBe(activePath(storedConversation(LONG)).length);
  });

  it('asks for the newest page on the fallback poll and merges it into what is held', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const id = FIXTURE_IDS.webSearch;
    const holding = pageLoaded(runtime, id);
    const before = heldIds(holding);
    await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
    const sent = runtime.backendRequests().map((request) => request.url);
    expect(sent.map((url) => [url.pathname, url.searchParams.get('before')])).toEqual([
      [`/backend-api/conversations/${id}`, null],
    ]);
    expect(heldIds(holding)).toEqual(before);
    expect(holding.pages.progress().pagesLoaded).toBe(1);
  });

  it('normalizes and inspects nothing again when the fallback poll finds the newest page as held', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const holding = pageLoaded(runtime, LONG);
    await refreshConversation(holding, triggers('captured'), runtime.deps);
    const inspected = holding.inspection(runtime.account.current());
    const normalized = holding.normalizations();
    const revision = holding.revision;
    for (let poll = 1; poll <= 3; poll += 1) {
      runtime.clock.advance(12_000);
      await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
    }
    expect(runtime.backendRequests()).toHaveLength(2 + 3);
    expect(holding.normalizations()).toEqual(normalized);
    // Nothing the lens shows changed (not even a passing 'loading'), so the tab lens is not rewritten.
    expect(holding.revision).toBe(revision);
    expect(holding.inspection(runtime.account.current())).toBe(inspected);
    // Still fresh: the poll confirmed what is held.
    expect(holding.facts().lastFreshAt).toBe(runtime.clock.now());
  });

  it('takes in a newest page that did change on the fallback poll', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const id = FIXTURE_IDS.webSearch;
    const holding = runtime.holdingOf(id);
    const behind = newestPageOf(id) as { messages: unknown[] };
    behind.messages.pop();
    holding.ingestMessagesPage(behind, null);
    const held = heldIds(holding);
    await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
    expect(heldIds(holding)).toEqual(activePath(storedConversation(id)).map((message) => message.id));
    expect(heldIds(holding)).toHaveLength(held.length + 1);
    expect(holding.normalizations().messages).toBe(2);
  });

  it('after an answer ended without a messages page since, loads the newest page (the tree lacks the queries)', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const holding = pageLoaded(runtime, FIXTURE_IDS.webSearch);
    holding.noteStream({ counts: { sseAnswers: 1 }, ended: { whole: false } });
    await refreshConversation(holding, triggers('stream-ended'), runtime.deps);
    expect(runtime.backendRequests()).toHaveLength(1);
    expect(holding.facts().messagesBehindStream).toBe(false);
  });

  it('loads ads and /me once when the page did not, the account once for all conversations', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const first = runtime.holdingOf(FIXTURE_IDS.ads);
    first.ingestMessagesPage(newestPageOf(FIXTURE_IDS.ads), null);
    const second = runtime.holdingOf(FIXTURE_IDS.plain);
    second.ingestMessagesPage(newestPageOf(FIXTURE_IDS.plain), null);
    runtime.clock.advance(1_000);
    await refreshConversation(first, triggers('ui-opened'), runtime.deps);
    await refreshConversation(second, triggers('ui-opened'), runtime.deps);
    await refreshConversation(first, triggers('ui-opened'), runtime.deps);
    const paths = runtime.backendRequests().map((request) => request.url.pathname);
    expect(paths).toEqual([
      `/backend-api/bazaar/conversation/${FIXTURE_IDS.ads}/ads`,
      '/backend-api/me',
      `/backend-api/bazaar/conversation/${FIXTURE_IDS.plain}/ads`,
    ]);
    expect(first.inspection(runtime.account.current())?.ads?.adCount).toBeGreaterThan(0);
    expect(runtime.account.current()?.segmentId).not.toBeNull();
  });

  it.each([
    ['with Retry-After', { 'Retry-After': '120' }, 120_000],
    ['without it', {}, 60_000],
  ])('on 429 %s keeps the data and says rate limited until at least then', async (_label, headers, wait) => {
    const runtime = runtimeOver(
      replicaWithAds((request) =>
        request.url.searchParams.has('before')
          ? jsonResponse({ detail: 'slow down' }, 429, headers)
          : undefined,
      ),
    );
    const holding = pageLoaded(runtime, LONG);
    const held = heldIds(holding);
    const start = runtime.clock.now();
    const outcome = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(outcome.load.status).toBe('rate-limited');
    expect(outcome.load.rateLimitedUntil).toBeGreaterThanOrEqual(start + wait);
    expect(heldIds(holding)).toEqual(held);

    // While the wait runs nothing goes out, and the state keeps saying until when.
    const sent = runtime.backendRequests().length;
    runtime.clock.advance(wait - 1_000);
    const blocked = await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
    expect(blocked.decision).toEqual({ kind: 'blocked', retryAt: start + wait });
    expect(runtime.backendRequests()).toHaveLength(sent);
    expect(heldIds(holding)).toEqual(held);
  });

  it('says signed out on 401 and keeps the data', async () => {
    const runtime = runtimeOver(
      replicaWithAds((request) =>
        request.url.searchParams.has('before') ? jsonResponse({}, 401) : undefined,
      ),
    );
    const holding = pageLoaded(runtime, LONG);
    const outcome = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(outcome.load).toMatchObject({ status: 'signed-out', error: { code: 'signed-out' } });
    expect(holding.pages.progress().pagesLoaded).toBe(1);
  });

  it.each([
    ['404', () => jsonResponse({ detail: 'Not found' }, 404), 'not-found'],
    ['503', () => jsonResponse({ detail: 'down' }, 503), 'server'],
    ['a malformed body', () => new Response('{"messages": [', { status: 200 }), 'malformed-json'],
  ])('gives a typed error on %s and keeps the data', async (_label, answer, code) => {
    const runtime = runtimeOver(
      replicaWithAds((request) => (request.url.searchParams.has('before') ? answer() : undefined)),
    );
    const holding = pageLoaded(runtime, LONG);
    const held = heldIds(holding);
    const outcome = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(outcome.load).toMatchObject({ status: 'failed', error: { code } });
    expect(heldIds(holding)).toEqual(held);
  });

  it.each([
    ['another status', () => jsonResponse({ detail: 'Gone' }, 410), ASK_AGAIN_AFTER_MS],
    ['a malformed body', () => new Response('{"entries_by_turn_id": ', { status: 200 }), ASK_AGAIN_AFTER_MS],
    ['a 503', () => jsonResponse({ detail: 'down' }, 503), 0],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      0,
    ],
  ])(
    'asks for ads and /me again after %s, once the fault ends, no sooner than it may',
    async (_label, answer, pause) => {
      let faulty = true;
      const runtime = runtimeOver(
        replicaWithAds((request) =>
          faulty && /\/ads$|\/me$/.test(request.url.pathname) ? answer() : undefined,
        ),
      );
      const id = FIXTURE_IDS.ads;
      const holding = runtime.holdingOf(id);
      holding.ingestMessagesPage(newestPageOf(id), null);
      const asked = () =>
        runtime.backendRequests().filter((request) => /\/ads$|\/me$/.test(request.url.pathname)).length;
      const failed = await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
      expect(failed.load).toMatchObject({
        status: 'failed',
        error: { message: expect.stringMatching(/^Ads of this conversation: /) },
      });
      expect(asked()).toBe(2);
      // The page's own captures ask for nothing more, and the failure stays while the ads are missing.
      const kept = await refreshConversation(holding, triggers('captured'), runtime.deps);
      expect(kept).toEqual({ decision: { kind: 'nothing' }, load: failed.load });
      expect(asked()).toBe(2);

      faulty = false;
      runtime.clock.advance(Math.max(0, pause - 1));
      await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
      if (pause > 0) {
        expect(asked()).toBe(2);
        runtime.clock.advance(1);
        await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
      }
      expect(asked()).toBe(4);
      expect(holding.ledger.load()).toMatchObject({ status: 'idle', error: null });
      expect(holding.inspection(runtime.account.current())?.ads?.adCount).toBeGreaterThan(0);
      expect(runtime.account.current()).not.toBeNull();
      await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
      expect(asked()).toBe(4);
    },
  );

  it.each([404, 403])(
    'takes a %i on ads and /me as none: no error, no ads and no account, never asked again',
    async (status) => {
      const runtime = runtimeOver(
        replicaWithAds((request) =>
          /\/ads$|\/me$/.test(request.url.pathname)
            ? jsonResponse({ detail: 'Not found' }, status)
            : undefined,
        ),
      );
      const holding = runtime.holdingOf(FIXTURE_IDS.ads);
      holding.ingestMessagesPage(newestPageOf(FIXTURE_IDS.ads), null);
      const asked = () =>
        runtime.backendRequests().filter((request) => /\/ads$|\/me$/.test(request.url.pathname)).length;
      const first = await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
      expect(first.load).toEqual({ status: 'idle', rateLimitedUntil: null, error: null, progress: null });
      expect(asked()).toBe(2);
      expect(holding.lastingFailures()).toEqual([]);
      expect(runtime.account.failure()).toBeNull();
      expect(runtime.account.current()).toBeNull();
      expect(holding.inspection(runtime.account.current())?.ads).toMatchObject({
        shownAny: false,
        adCount: 0,
      });
      // Long past the pause after a failure, on every trigger: neither is asked for again.
      for (const trigger of ['fallback-due', 'captured', 'ui-opened', 'stream-ended'] as const) {
        runtime.clock.advance(ASK_AGAIN_AFTER_MS * 2);
        const later = await refreshConversation(holding, triggers(trigger), runtime.deps);
        expect(later.load.error).toBeNull();
      }
      expect(asked()).toBe(2);
      // Ads the page loads later are taken in over the none.
      holding.captured.ingestAds(adsResponse(FIXTURE_IDS.ads, true));
      expect(holding.inspection(null)?.ads?.adCount).toBeGreaterThan(0);
    },
  );

  it('says signed out on a 401 to the ads, as on any request', async () => {
    const runtime = runtimeOver(
      replicaWithAds((request) =>
        request.url.pathname.endsWith('/ads') ? jsonResponse({}, 401) : undefined,
      ),
    );
    const holding = runtime.holdingOf(FIXTURE_IDS.ads);
    holding.ingestMessagesPage(newestPageOf(FIXTURE_IDS.ads), null);
    const outcome = await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
    expect(outcome.load).toMatchObject({ status: 'signed-out', error: { code: 'signed-out', status: 401 } });
    expect(holding.inspection(null)?.ads).toBeNull();
  });

  it("asks again for ads and /me that failed on the page's own captures once the pause is over", async () => {
    let faulty = true;
    const runtime = runtimeOver(
      replicaWithAds((request) =>
        faulty && /\/ads$|\/me$/.test(request.url.pathname) ? jsonResponse({}, 503) : undefined,
      ),
    );
    const holding = runtime.holdingOf(FIXTURE_IDS.ads);
    holding.ingestMessagesPage(newestPageOf(FIXTURE_IDS.ads), null);
    const asked = () =>
      runtime.backendRequests().filter((request) => /\/ads$|\/me$/.test(request.url.pathname)).length;
    const failed = await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
    expect(failed.load).toMatchObject({ status: 'failed', error: { code: 'server' } });
    expect(asked()).toBe(2);
    faulty = false;
    // The page polls its tree: only captures come, and no fallback poll. None asks during the pause.
    runtime.clock.advance(ASK_AGAIN_AFTER_MS - 1);
    await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(asked()).toBe(2);
    runtime.clock.advance(1);
    const recovered = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(asked()).toBe(4);
    expect(recovered.load).toMatchObject({ status: 'idle', error: null });
    expect(holding.inspection(runtime.account.current())?.ads?.adCount).toBeGreaterThan(0);
    expect(runtime.account.current()).not.toBeNull();
  });

  it('keeps a paging dead end shown through refreshes that ask for something else', async () => {
    const runtime = runtimeOver(
      replicaWithAds((request) =>
        request.url.searchParams.has('before') ? jsonResponse({ messages: 'not a list' }) : undefined,
      ),
    );
    const holding = pageLoaded(runtime, LONG);
    const stopped = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(stopped.load).toMatchObject({ status: 'failed', error: { code: 'unexpected-shape' } });
    const sent = runtime.backendRequests().length;

    // The page's next poll: nothing to ask for, and the pages are still missing.
    const polled = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(polled).toEqual({ decision: { kind: 'nothing' }, load: stopped.load });
    // A fallback poll that brings the newest page does not hide it either.
    runtime.clock.advance(CURRENT_FOR_MS);
    const fallback = await refreshConversation(holding, triggers('fallback-due'), runtime.deps);
    // Only the newest page was asked for: the dead end was not asked again.
    expect(
      runtime
        .backendRequests()
        .slice(sent)
        .map((request) => request.url.searchParams.get('before')),
    ).toEqual([null]);
    expect(fallback.load).toEqual(stopped.load);
  });

  it("asks again for an answer's newest page that failed, at the fallback pace, on the page's own captures", async () => {
    let siteDown = true;
    const id = FIXTURE_IDS.webSearch;
    const runtime = runtimeOver(
      replicaWithAds((request) =>
        siteDown && request.url.pathname === `/backend-api/conversations/${id}`
          ? jsonResponse({ detail: 'down' }, 503)
          : undefined,
      ),
    );
    const holding = pageLoaded(runtime, id);
    holding.noteStream({ counts: { sseAnswers: 1 }, ended: { whole: false } });
    const failed = await refreshConversation(holding, triggers('stream-ended'), runtime.deps);
    expect(failed.load).toMatchObject({ status: 'failed', error: { code: 'server' } });
    expect(runtime.backendRequests()).toHaveLength(1);

    // The page keeps polling its tree, so no fallback poll comes; the failure stays until the page comes.
    siteDown = false;
    runtime.clock.advance(ASK_AGAIN_AFTER_MS - 1);
    const waiting = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(waiting).toEqual({ decision: { kind: 'nothing' }, load: failed.load });
    expect(runtime.backendRequests()).toHaveLength(1);

    runtime.clock.advance(1);
    const recovered = await refreshConversation(holding, triggers('captured'), runtime.deps);
    expect(runtime.backendRequests()).toHaveLength(2);
    expect(recovered.load).toMatchObject({ status: 'idle', error: null });
    expect(holding.facts().messagesBehindStream).toBe(false);
  });

  it('keeps several conversations apart, refreshed at the same time', async () => {
    const runtime = runtimeOver(replicaWithAds());
    const ids = [LONG, FIXTURE_IDS.webSearch, FIXTURE_IDS.products];
    const holdings = ids.map((id) => pageLoaded(runtime, id));
    await Promise.all(
      holdings.map((holding) => refreshConversation(holding, triggers('fallback-due'), runtime.deps)),
    );
    holdings.forEach((holding, index) => {
      const id = ids[index] ?? '';
      expect(holding.formats().conversation?.id).toBe(id);
      expect(heldIds(holding)).toEqual(activePath(storedConversation(id)).map((message) => message.id));
    });
  });
});
