import { describe, expect } from 'vitest';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { searchQueriesFor } from '@/tests/replica/search-turn';
import type { ReplicaRequestRecord } from '@/tests/replica/server';
import {
  drillOwnPoll,
  expectBanner,
  expectPageUndisturbed,
  expectRecovered,
  expectViewsKept,
  exportThroughMenu,
  FALLBACK_BEHIND_PAGE_POLL_MS,
  failedWith,
  messageCount,
  messageIds,
  onOwnMessages,
  openWatched,
  ownCallsSince,
  pageCallsSince,
  setFault,
} from './fault-drill';
import { storedLens, waitForLens } from './lens-state';
import { test } from './lens-test';
import { askPrompt } from './replica-page';

/** Path and status of each call, from the first one the fault refused. */
const fromFirstRefusal = (calls: ReplicaRequestRecord[], status: number): Array<[string, number]> =>
  calls
    .slice(calls.findIndex((call) => call.status === status))
    .map((call) => [call.path.split('?')[0] ?? '', call.status]);

describe("faults on the extension's own requests", () => {
  test('a 401 once: the token is asked of the session once more and the same poll goes through', async ({
    lens,
  }) => {
    const tab = await openWatched(lens, 'plain');
    const since = Date.now();
    setFault(lens, tab.conversationId, onOwnMessages({ kind: 'status', status: 401, times: 1 }));
    const path = `/backend-api/conversations/${tab.conversationId}`;
    await expect
      .poll(() => fromFirstRefusal(ownCallsSince(lens.replica, since), 401).slice(0, 3), { timeout: 10_000 })
      .toEqual([
        [path, 401],
        ['/api/auth/session', 200],
        [path, 200],
      ]);
    const state = await expectRecovered(lens, tab, since);
    expect(state.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
    await expectPageUndisturbed(lens, tab, since);
  });

  test('a 401 that stays: one fresh token, then signed out; back by itself once the session works', async ({
    lens,
  }) => {
    const tab = await openWatched(lens, 'webSearch');
    const since = Date.now();
    const lift = setFault(lens, tab.conversationId, onOwnMessages({ kind: 'status', status: 401 }));
    const failed = await waitForLens(
      lens,
      tab.tabId,
      (state) => state.snapshot?.load.status === 'signed-out',
    );
    expect(failed.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
    const path = `/backend-api/conversations/${tab.conversationId}`;
    expect(fromFirstRefusal(ownCallsSince(lens.replica, since), 401).slice(0, 3)).toEqual([
      [path, 401],
      ['/api/auth/session', 200],
      [path, 401],
    ]);
    await expectViewsKept(tab);
    await expectBanner(tab, 'signed-out', /Signed out: sign in to chatgpt\.com.*What was loaded stays here/);
    expect(await exportThroughMenu(tab.popup)).toEqual(tab.before.exported);

    const endedAt = Date.now();
    lift();
    await expectRecovered(lens, tab, endedAt);
    // Never more than one token request per refused call.
    const calls = ownCallsSince(lens.replica, since);
    const refused = calls.filter((call) => call.status === 401).length;
    const tokens = calls.filter((call) => call.path === '/api/auth/session').length;
    expect(tokens).toBeLessThanOrEqual(refused);
    await expectPageUndisturbed(lens, tab, since);
  });

  test.for([
    [404, 'not-found', /not found \(404\)\. Chat Lens asks again in a while/],
    [500, 'server', /failed on .*\(500\)\. .*tries again/],
    [502, 'server', /failed on .*\(502\)\. .*tries again/],
  ] as const)('%i on the newest messages page', async ([status, code, banner], { lens }) => {
    await drillOwnPoll(lens, { kind: 'status', status }, { code, banner });
  });

  test('malformed JSON on the newest messages page', async ({ lens }) => {
    await drillOwnPoll(
      lens,
      { kind: 'malformed' },
      {
        code: 'malformed-json',
        banner: /not valid JSON: it ends early.*unreadable\. Chat Lens asks again by itself/,
      },
    );
  });

  test('a messages page cut off mid-way', async ({ lens }) => {
    await drillOwnPoll(
      lens,
      { kind: 'cut-off' },
      { code: 'network', banner: /could not be read to its end\. .*Chat Lens tries again/ },
    );
  });

  test('503 on the older pages of a long conversation: the newest page stays shown, the rest comes once the fault ends', async ({
    lens,
  }) => {
    const id = FIXTURE_IDS.longHistory;
    const lift = setFault(lens, id, onOwnMessages({ kind: 'status', status: 503 }));
    const since = Date.now();
    const tab = await openWatched(lens, 'longHistory', {
      ready: (state) => state.snapshot?.summary != null && failedWith('server')(state),
    });
    const held = messageCount(tab);
    expect(tab.before.lens.snapshot?.progress).toMatchObject({ pagesLoaded: 1, hasMore: true });
    expect(tab.before.exported.messages).toHaveLength(held);
    await expectViewsKept(tab);
    await expectBanner(tab, 'error', /failed on .*\(503\)/);

    const endedAt = Date.now();
    lift();
    const recovered = await expectRecovered(lens, tab, endedAt);
    expect(recovered.snapshot?.progress.pagesLoaded).toBe(3);
    const whole = recovered.snapshot?.summary?.messageCount ?? 0;
    expect(whole).toBeGreaterThan(held);
    const exported = await exportThroughMenu(tab.panel ?? tab.popup);
    expect(exported.messages).toHaveLength(whole);
    expect(messageIds(exported.messages)).toEqual(
      expect.arrayContaining(messageIds(tab.before.exported.messages)),
    );
    expect(pageCallsSince(lens.replica, id, since).every((call) => call.endsWith(' 200'))).toBe(true);
  });
  test('503 on the messages page after a cut-off answer while the page polls its tree: the failure stays shown and clears by itself once the fault ends', async ({
    lens,
  }) => {
    // liveCutOff's answers break off mid-record: the stream did not hold the answer whole, so the worker asks
    // for the newest messages page (architecture "The stream as a source"); the page's own tree polls keep
    // the fallback poll from running.
    const tab = await openWatched(lens, 'liveCutOff', {
      pagePolls: true,
      fallbackMs: FALLBACK_BEHIND_PAGE_POLL_MS,
      panel: false,
    });
    const lift = setFault(lens, tab.conversationId, onOwnMessages({ kind: 'status', status: 503 }));
    const prompt = 'Which Lisbon bakeries open before eight in the morning?';
    await askPrompt(tab.chat, prompt, (state) => state.errors.length > 0 || state.lastAnswer !== null);
    const failed = await waitForLens(lens, tab.tabId, failedWith('server'));
    const failedAt = Date.now();
    const queryTexts = (state: TabLens): string[] =>
      state.snapshot?.queries?.queries.map((query) => query.text) ?? [];
    // What arrived of the answer is shown: its search ran before the cut.
    expect(queryTexts(failed)).toEqual(expect.arrayContaining(searchQueriesFor(prompt)));

    // The page's next tree poll asks for nothing, and hides nothing: the failure stays.
    // By its second poll (every 5 s), the refresh the first one started (debounced 500 ms, DEBOUNCE_MS in
    // lens/runtime/worker/debouncer.ts) has long ended.
    const tree = `GET /backend-api/conversation/${tab.conversationId} 200`;
    await expect
      .poll(
        () =>
          pageCallsSince(lens.replica, tab.conversationId, failedAt).filter((call) => call === tree).length,
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    expect((await storedLens(lens.context, tab.tabId))?.snapshot?.load.error?.code).toBe('server');
    await expectBanner(tab, 'error', /failed on .*\(503\)/);

    const endedAt = Date.now();
    lift();
    const recovered = await expectRecovered(lens, tab, endedAt, (state) =>
      searchQueriesFor(prompt).every((query: string) => queryTexts(state).includes(query)),
    );
    expect(recovered.snapshot?.summary?.messageCount).toBeGreaterThan(messageCount(tab));
    // The messages page the answer was behind came once the fault ended.
    expect(recovered.snapshot?.formatLoads?.messages.loaded).toBe(true);
    // The page only polled its tree meanwhile, and every poll went through.
    expect(new Set(pageCallsSince(lens.replica, tab.conversationId, failedAt))).toEqual(new Set([tree]));
  });
});
