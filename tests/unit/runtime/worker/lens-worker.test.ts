import { describe, expect, it } from 'vitest';
import { PAGE_LOAD_GRACE_MS } from '@/lens/runtime/worker/refresh-plan';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { activePath } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { TOKEN } from '@/tests/support/fakes/fake-backend';
import { replicaWithAds } from '@/tests/support/fakes/runtime-backend';
import { pageLoad, capturedResponse as response, visibleAt } from '@/tests/unit/runtime/page-load';
import { openConversation, TAB, workerOver } from './worker-setup';

const LONG = FIXTURE_IDS.longHistory;

describe('the lens worker', () => {
  it('asks only for the older pages of what the page loaded, each once, and shows the whole conversation', async () => {
    const setup = workerOver();
    await openConversation(setup, LONG);
    const sent = setup.backend.backendRequests().map((request) => request.url);
    expect(sent.map((url) => url.pathname)).toEqual([
      `/backend-api/conversations/${LONG}`,
      `/backend-api/conversations/${LONG}`,
    ]);
    expect(new Set(sent.map((url) => url.searchParams.get('before'))).size).toBe(2);
    const lens = setup.memory.lens();
    expect(lens).toMatchObject({ tabId: TAB, conversationId: LONG, onChatSite: true, visible: true });
    expect(lens?.captured.responses).toMatchObject({ 'conversation-tree': 1, 'conversation-messages': 1 });
    expect(lens?.snapshot?.summary?.messageCount).toBe(activePath(storedConversation(LONG)).length);
    expect(lens?.snapshot?.progress).toMatchObject({ pagesLoaded: 3, hasMore: false });

    // Triggers later on ask for nothing that is held and current.
    await setup.worker.refresh(TAB);
    await setup.advance(1_000);
    expect(setup.backend.backendRequests()).toHaveLength(2);
  });

  it('writes nothing and asks nothing for an unchanged poll; the fallback asks for the newest page, and writes nothing when it is as held', async () => {
    const setup = workerOver();
    await openConversation(setup, FIXTURE_IDS.plain);
    const writes = setup.memory.writes();
    const tree = `/backend-api/conversation/${FIXTURE_IDS.plain}`;
    await setup.worker.responseUnchanged(TAB, {
      endpoint: 'conversation-tree',
      conversationId: FIXTURE_IDS.plain,
      url: `https://chatgpt.com${tree}`,
    });
    await setup.advance(1_000);
    expect(setup.backend.backendRequests()).toEqual([]);
    // Not even the counts: the lens of a long conversation is about 1 MB and the page polls every 5 s.
    expect(setup.memory.writes()).toBe(writes);
    expect(setup.memory.lens()?.captured.responses['conversation-tree']).toBe(1);

    await setup.worker.fallbackDue(TAB, visibleAt(FIXTURE_IDS.plain));
    await setup.advance(1_000);
    expect(setup.backend.backendRequests().map((request) => request.url.searchParams.get('before'))).toEqual([
      null,
    ]);
    // The newest page came back as held: nothing the lens shows changed, so it is not written again.
    expect(setup.memory.writes()).toBe(writes);
  });

  describe('a view open while the tab goes to a conversation', () => {
    const PLAIN = FIXTURE_IDS.plain;
    /** The tab navigates to the conversation, and the open side panel, seeing it, asks for a refresh. */
    const navigateWithViewOpen = async (setup: ReturnType<typeof workerOver>) => {
      await setup.worker.pageState(TAB, visibleAt(PLAIN));
      await setup.worker.refresh(TAB);
    };

    it('asks for nothing the page is loading itself, however late its loads come', async () => {
      const setup = workerOver();
      await navigateWithViewOpen(setup);
      await setup.advance(PAGE_LOAD_GRACE_MS - 500);
      for (const event of pageLoad(PLAIN)) await setup.worker.pageEvent(TAB, event);
      await setup.advance(5_000);
      expect(setup.backend.backendRequests()).toEqual([]);
      expect(setup.memory.lens()?.snapshot?.summary?.messageCount).toBe(
        activePath(storedConversation(PLAIN)).length,
      );
    });

    it('waits for the rest of the page load when its tree came first', async () => {
      const setup = workerOver();
      const load = pageLoad(PLAIN);
      expect(load[0]?.type === 'response' && load[0].endpoint).toBe('conversation-tree');
      await setup.worker.pageState(TAB, visibleAt(PLAIN));
      for (const event of load.slice(0, 1)) await setup.worker.pageEvent(TAB, event);
      await setup.worker.refresh(TAB);
      await setup.advance(PAGE_LOAD_GRACE_MS - 500);
      for (const event of load.slice(1)) await setup.worker.pageEvent(TAB, event);
      await setup.advance(5_000);
      expect(setup.backend.backendRequests()).toEqual([]);
    });

    it('asks for it itself once the page had its time and brought nothing', async () => {
      const setup = workerOver();
      await navigateWithViewOpen(setup);
      await setup.advance(PAGE_LOAD_GRACE_MS - 500);
      expect(setup.backend.backendRequests()).toEqual([]);
      await setup.advance(1_000);
      expect(
        setup.backend
          .backendRequests()
          .map((request) => request.url.pathname)
          .sort(),
      ).toEqual(
        [
          `/backend-api/bazaar/conversation/${PLAIN}/ads`,
          `/backend-api/conversations/${PLAIN}`,
          '/backend-api/me',
        ].sort(),
      );
    });

    it('asks at once when the conversation is not new to the tab: a view opened on it later', async () => {
      const setup = workerOver();
      await setup.worker.pageState(TAB, visibleAt(PLAIN));
      await setup.advance(PAGE_LOAD_GRACE_MS + 100);
      await setup.worker.refresh(TAB);
      await setup.advance(1_000);
      expect(setup.backend.backendRequests().map((request) => request.url.pathname)).toContain(
        `/backend-api/conversations/${PLAIN}`,
      );
    });
  });

  it('runs nothing for a hidden tab', async () => {
    const setup = workerOver();
    await setup.worker.pageState(TAB, visibleAt(LONG, false));
    for (const event of pageLoad(LONG)) await setup.worker.pageEvent(TAB, event);
    await setup.worker.refresh(TAB);
    await setup.advance(2_000);
    expect(setup.backend.backendRequests()).toEqual([]);
    // Shown again: now the older pages come.
    await setup.worker.pageState(TAB, visibleAt(LONG));
    await setup.advance(1_000);
    expect(setup.backend.backendRequests()).toHaveLength(2);
  });

  it("holds every request after the page's own 429 and says until when, keeping what is shown", async () => {
    const setup = workerOver();
    await openConversation(setup, FIXTURE_IDS.plain);
    const tree = `/backend-api/conversation/${FIXTURE_IDS.plain}`;
    const refusedAt = setup.clock.now();
    await setup.worker.pageEvent(
      TAB,
      response('conversation-tree', FIXTURE_IDS.plain, tree, '{"detail":"slow down"}', { status: 429 }),
    );
    await setup.worker.fallbackDue(TAB, visibleAt(FIXTURE_IDS.plain));
    await setup.advance(1_000);
    expect(setup.backend.backendRequests()).toEqual([]);
    const snapshot = setup.memory.lens()?.snapshot;
    expect(snapshot?.summary).not.toBeNull();
    expect(snapshot?.governor.strikes).toBe(1);
    // site-interface 7: no Retry-After, so 60 s.
    expect(snapshot?.rateLimitedUntil).toBe(refusedAt + 60_000);
  });

  // site-interface 7: Retry-After in either form, seconds or an HTTP date (whole seconds); not the ladder's
  // 60 s.
  it.each([
    ['seconds', (refusedAt: number) => ({ header: '150', until: refusedAt + 150_000 })],
    [
      'an HTTP date',
      (refusedAt: number) => {
        const header = new Date(refusedAt + 150_000).toUTCString();
        return { header, until: Date.parse(header) };
      },
    ],
  ])("holds every request as long as the Retry-After of the page's own 429 asks, in %s", async (_, asked) => {
    const setup = workerOver();
    await openConversation(setup, FIXTURE_IDS.plain);
    const tree = `/backend-api/conversation/${FIXTURE_IDS.plain}`;
    const { header, until } = asked(setup.clock.now());
    const refusal = { status: 429, retryAfter: header };
    await setup.worker.pageEvent(TAB, response('conversation-tree', FIXTURE_IDS.plain, tree, '{}', refusal));
    await setup.worker.fallbackDue(TAB, visibleAt(FIXTURE_IDS.plain));
    await setup.advance(1_000);
    expect(setup.backend.backendRequests()).toEqual([]);
    expect(setup.memory.lens()?.snapshot?.rateLimitedUntil).toBe(until);
  });

  it("clears a failure by itself once the page's own request succeeds again, asking again what is missing", async () => {
    let siteDown = true;
    const site = replicaWithAds();
    const setup = workerOver((request) =>
      siteDown ? Promise.reject(new TypeError('Failed to fetch')) : site(request),
    );
    await setup.worker.pageState(TAB, visibleAt(LONG));
    for (const event of pageLoad(LONG)) await setup.worker.pageEvent(TAB, event);
    await setup.advance(1_000);
    const failed = setup.memory.lens()?.snapshot;
    expect(failed?.load).toMatchObject({ status: 'failed', error: { code: 'network' } });
    expect(failed?.progress).toMatchObject({ pagesLoaded: 1, hasMore: true });

    // The network is back: the page's next tree poll, unchanged, reaches the worker; no fallback poll fires.
    siteDown = false;
    await setup.worker.responseUnchanged(TAB, {
      endpoint: 'conversation-tree',
      conversationId: LONG,
      url: `https://chatgpt.com/backend-api/conversation/${LONG}`,
    });
    await setup.advance(1_000);
    const recovered = setup.memory.lens()?.snapshot;
    expect(recovered?.load).toMatchObject({ status: 'idle', error: null });
    expect(recovered?.errors).toEqual([]);
    expect(recovered?.progress).toMatchObject({ pagesLoaded: 3, hasMore: false });
  });

  it("a failed poll of what the page holds current clears with the page's next poll, with no request", async () => {
    let siteDown = true;
    const setup = workerOver(
      replicaWithAds((request) =>
        siteDown && request.url.pathname.startsWith('/backend-api/conversations/')
          ? new Response('{"detail": "down"}', { status: 503 })
          : undefined,
      ),
    );
    await openConversation(setup, FIXTURE_IDS.plain);
    await setup.worker.fallbackDue(TAB, visibleAt(FIXTURE_IDS.plain));
    await setup.advance(1_000);
    expect(setup.memory.lens()?.snapshot?.load).toMatchObject({
      status: 'failed',
      error: { code: 'server' },
    });
    const sent = setup.backend.backendRequests().length;
    siteDown = false;
    await setup.worker.responseUnchanged(TAB, {
      endpoint: 'conversation-tree',
      conversationId: FIXTURE_IDS.plain,
      url: `https://chatgpt.com/backend-api/conversation/${FIXTURE_IDS.plain}`,
    });
    await setup.advance(1_000);
    expect(setup.memory.lens()?.snapshot?.load).toMatchObject({ status: 'idle', error: null });
    expect(setup.backend.backendRequests()).toHaveLength(sent);
  });

  it('after a restart shows the stored snapshot at once and reloads the conversation on the next event', async () => {
    const first = workerOver();
    await openConversation(first, LONG);
    const before = first.memory.lens();
    if (before === null) throw new Error('nothing stored');

    const restarted = workerOver(replicaWithAds(), [before]);
    await restarted.worker.responseUnchanged(TAB, {
      endpoint: 'conversation-tree',
      conversationId: LONG,
      url: `https://chatgpt.com/backend-api/conversation/${LONG}`,
    });
    await restarted.advance(100);
    // The tree alone would lose the queries (site-interface 9.1): the stored snapshot stays until the pages
    // are back.
    expect(restarted.memory.lens()?.snapshot?.queries).toEqual(before.snapshot?.queries);
    await restarted.advance(1_000);
    // Memory was lost: the three pages, and the ads and /me the page had loaded, are asked for once each.
    const paths = restarted.backend.backendRequests().map((request) => request.url.pathname);
    expect(paths.filter((path) => path === `/backend-api/conversations/${LONG}`)).toHaveLength(3);
    expect(paths.filter((path) => path !== `/backend-api/conversations/${LONG}`).sort()).toEqual([
      `/backend-api/bazaar/conversation/${LONG}/ads`,
      '/backend-api/me',
    ]);
    expect(restarted.memory.lens()?.snapshot?.summary).toEqual(before.snapshot?.summary);
    expect(restarted.memory.lens()?.captured.responses['conversation-tree']).toBe(1);
  });

  it('exports right after a restart with the ads and the account the page had loaded, each asked for once', async () => {
    const id = FIXTURE_IDS.ads;
    const first = workerOver();
    await openConversation(first, id);
    const before = first.memory.lens();
    const complete = await first.worker.exportConversation(TAB, 'md');
    if (before === null || !complete.ok) throw new Error('nothing stored or exported');
    const adsSection = (markdown: string) =>
      markdown.slice(markdown.indexOf('\n## Ads'), markdown.indexOf('\n## Product offers'));
    expect(adsSection(complete.value.text)).toContain('Ads segment');

    // The worker stopped and started again, and the export comes before any other event.
    const restarted = workerOver(replicaWithAds(), [before]);
    const exported = await restarted.worker.exportConversation(TAB, 'md');
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.warnings).toEqual([]);
    // The same ads and account as before the restart (the fake backend's ads come in another shape than the
    // page's, so their cards read differently): the count, the segment, the country, the opt-out.
    const summary = (markdown: string) => adsSection(markdown).split('\n').slice(0, 8);
    expect(summary(exported.value.text)).toEqual(summary(complete.value.text));
    // The refresh the restart asked for finds them held.
    await restarted.advance(1_000);
    const paths = restarted.backend.backendRequests().map((request) => request.url.pathname);
    expect(paths.filter((path) => path !== `/backend-api/conversations/${id}`).sort()).toEqual([
      `/backend-api/bazaar/conversation/${id}/ads`,
      '/backend-api/me',
    ]);
  });

  it('asks once for each thing a restart lost while an export and the refresh it asked for both load', async () => {
    const id = FIXTURE_IDS.ads;
    const first = workerOver();
    await openConversation(first, id);
    const before = first.memory.lens();
    if (before === null) throw new Error('nothing stored');
    // Each answer takes a while, so the refresh the restart asked for comes due while the export loads.
    const replica = replicaWithAds();
    const slow = async (request: Parameters<typeof replica>[0]) => {
      for (let tick = 0; tick < 30; tick += 1) await new Promise((resolve) => setImmediate(resolve));
      return replica(request);
    };
    const restarted = workerOver(slow, [before]);
    const exporting = restarted.worker.exportConversation(TAB, 'md');
    await restarted.advance(1_000);
    const exported = await exporting;
    if (!exported.ok) throw new Error(exported.error.message);
    await restarted.advance(1_000);
    const paths = restarted.backend.backendRequests().map((request) => request.url.pathname);
    expect(paths.sort()).toEqual([
      `/backend-api/bazaar/conversation/${id}/ads`,
      `/backend-api/conversations/${id}`,
      '/backend-api/me',
    ]);
  });

  it('says in the export when the ads it asked for could not be loaded', async () => {
    const id = FIXTURE_IDS.ads;
    const first = workerOver();
    await openConversation(first, id);
    const before = first.memory.lens();
    if (before === null) throw new Error('nothing stored');
    const restarted = workerOver(
      (request) =>
        request.url.pathname.endsWith('/ads')
          ? new Response('busy', { status: 503 })
          : replicaWithAds()(request),
      [before],
    );
    const exported = await restarted.worker.exportConversation(TAB, 'md');
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.warnings).toEqual([
      'The ads of this conversation could not be loaded: the Ads section names none.',
    ]);
    expect(exported.value.text).toContain('No ads response was captured for this conversation.');
  });

  it('keeps two tabs and two conversations of one tab apart, and forgets a closed tab', async () => {
    const setup = workerOver();
    await openConversation(setup, FIXTURE_IDS.plain, 1);
    await openConversation(setup, FIXTURE_IDS.webSearch, 2);
    expect(setup.memory.lens(1)?.snapshot?.conversationId).toBe(FIXTURE_IDS.plain);
    expect(setup.memory.lens(2)?.snapshot?.conversationId).toBe(FIXTURE_IDS.webSearch);

    await openConversation(setup, FIXTURE_IDS.ads, 1);
    expect(setup.memory.lens(1)).toMatchObject({
      conversationId: FIXTURE_IDS.ads,
      captured: { responses: { me: 1 } },
    });
    expect(setup.memory.lens(1)?.snapshot?.conversationId).toBe(FIXTURE_IDS.ads);
    expect(setup.memory.lens(2)?.snapshot?.conversationId).toBe(FIXTURE_IDS.webSearch);

    await setup.worker.closeTab(1);
    expect(setup.memory.lens(1)).toBeNull();
    expect(setup.memory.lens(2)).not.toBeNull();
  });

  /** A worker whose tab's page loaded the long conversation's newest page alone: its older pages not held. */
  const withNewestPageOnly = async () => {
    const setup = workerOver();
    await setup.worker.pageState(TAB, visibleAt(LONG, false));
    const [, newestPage] = pageLoad(LONG);
    if (newestPage === undefined) throw new Error('no page');
    await setup.worker.pageEvent(TAB, newestPage);
    return setup;
  };

  it('exports the whole conversation with the inspect writers, loading the pages it lacks first', async () => {
    const setup = await withNewestPageOnly();
    const exported = await setup.worker.exportConversation(TAB, 'json');
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.value.fileName).toMatch(/^\d{4}-\d{2}-\d{2} .+\.json$/);
    expect(exported.value.mimeType).toContain('application/json');
    const document = JSON.parse(exported.value.text) as { messages: unknown[] };
    expect(document.messages).toHaveLength(activePath(storedConversation(LONG)).length);

    const sources = await setup.worker.exportConversation(TAB, 'sources-csv');
    expect(sources.ok && sources.value.fileName.endsWith(' sources.csv')).toBe(true);
    expect(await setup.worker.exportConversation(99, 'md')).toMatchObject({ ok: false });
  });

  it('readies an export only of what it holds whole, asking the site for nothing, and the click makes the same file', async () => {
    const setup = await withNewestPageOnly();
    // Its older pages are not held: the click loads them, the pointing does not.
    expect(await setup.worker.readyExport(TAB, 'md')).toEqual({ ok: true, value: false, warnings: [] });
    expect(setup.backend.backendRequests()).toEqual([]);

    const unreadied = await setup.worker.exportConversation(TAB, 'md');
    const asked = setup.backend.backendRequests().length;
    expect(asked).toBeGreaterThan(0);
    expect(await setup.worker.readyExport(TAB, 'md')).toMatchObject({ ok: true, value: true });
    expect(await setup.worker.readyExport(TAB, 'zip')).toMatchObject({ ok: true, value: false });
    expect(await setup.worker.readyExport(TAB, 'html', { includeImages: true })).toMatchObject({
      ok: true,
      value: false,
    });
    const readied = await setup.worker.exportConversation(TAB, 'md');
    expect(setup.backend.backendRequests()).toHaveLength(asked);
    if (!unreadied.ok || !readied.ok) throw new Error('not exported');
    expect(readied.value).toEqual(unreadied.value);
    expect(await setup.worker.readyExport(99, 'md')).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('refreshes offers with the lookup keys in memory, and no secret reaches the stored lens', async () => {
    const id = FIXTURE_IDS.liveShopping;
    const cards = productCards(id);
    const [firstCard] = cards;
    if (firstCard === undefined) throw new Error('no product cards');
    const setup = workerOver((request) =>
      request.url.pathname === '/backend-api/search/product_update'
        ? new Response(productUpdateSse(firstCard), { headers: { 'content-type': 'text/event-stream' } })
        : replicaWithAds()(request),
    );
    await openConversation(setup, id);
    for (const card of cards) {
      await setup.worker.pageEvent(
        TAB,
        response('product-update', null, '/backend-api/search/product_update', productUpdateSse(card), {
          requestBody: JSON.stringify(card),
        }),
      );
    }
    const run = await setup.worker.refreshOffers(TAB);
    expect(run).toMatchObject({
      ok: true,
      value: { running: false, total: cards.length, done: cards.length },
    });
    await setup.advance(1_000);
    const stored = JSON.stringify(setup.memory.lens());
    expect(setup.memory.lens()?.snapshot?.offers.length).toBeGreaterThan(0);
    for (const canary of [TOKEN, AD_TRACKING_CANARY, PRODUCT_TOKEN_CANARY])
      expect(stored).not.toContain(canary);
  });
});
