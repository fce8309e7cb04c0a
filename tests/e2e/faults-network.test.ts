import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, onTestFinished } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/lib/api/request-timeout';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { type Replica, type ReplicaOverride, startReplica } from '@/tests/replica/server';
import { launchBrowser } from '@/tests/support/launch-browser';
import {
  drillOwnPoll,
  expectBanner,
  expectNoBanner,
  expectRecovered,
  expectViewsKept,
  exportThroughMenu,
  FALLBACK_BEHIND_PAGE_POLL_MS,
  failedWith,
  messageCount,
  messageIds,
  openWatched,
  ownCallsSince,
  type PageOutcome,
  pageCallsSince,
  pageOutcome,
  setFault,
  settled,
  type WatchedTab,
} from './fault-drill';
import { waitForLens } from './lens-state';
import { type Lens, test } from './lens-test';
import { clientState, waitForClient } from './replica-page';

/** What the page asked (deduplicated: how many polls fall in a window depends on timing) and showed. */
interface PageSide {
  calls: string[];
  outcome: PageOutcome;
}

/** A fault the page's own requests meet: the override and the key it is set under. */
interface PageFault {
  key: string;
  override: ReplicaOverride;
}

/**
 * The page's side of a fault on its tree polls, in any browser: the chat page, polling its tree every 5 s
 * (site-interface 4.2), meets the fault on a poll and shows it, then gets the site back until one poll was
 * answered.
 * `whileFaulty` and `onceBack` are where the extension's browser checks the extension.
 */
async function pageUnderFault(
  replica: Replica,
  chat: Page,
  conversationId: string,
  fault: PageFault,
  steps: { whileFaulty?: () => Promise<void>; onceBack?: () => Promise<void> } = {},
): Promise<PageSide> {
  const since = Date.now();
  const treePolls = (from: number) =>
    replica
      .requests({ origin: 'page', pathPrefix: `/backend-api/conversation/${conversationId}` })
      .filter((request) => request.time >= from && !request.path.includes('stream_status'));
  const errorsBefore = (await clientState(chat)).errors.length;
  replica.setOverride(fault.key, fault.override);
  // A failing step leaves no fault behind for the next test (as setFault, fault-drill.ts).
  onTestFinished(() => replica.setOverride(fault.key, null));
  await expect.poll(() => treePolls(since).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  // Held until the page's script met it: Chromium sends a request again by itself on a fresh connection
  // when its connection closed without an answer, and a fault lifted at once would answer that retry.
  await waitForClient(chat, (client) => client.errors.length > errorsBefore);
  await steps.whileFaulty?.();
  const backAt = Date.now();
  replica.setOverride(fault.key, null);
  await expect
    .poll(() => treePolls(backAt).filter((request) => request.status === 200).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  await steps.onceBack?.();
  return pageSide(replica, chat, conversationId, since);
}

/** What the page asked since `since` and what it shows now; the page's own counts depend on timing. */
async function pageSide(
  replica: Replica,
  chat: Page,
  conversationId: string,
  since: number,
): Promise<PageSide> {
  // The last answer reaches the page's script a moment after the replica logged it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const outcome = await pageOutcome(chat);
  return {
    calls: [...new Set(pageCallsSince(replica, conversationId, since))].sort(),
    outcome: { ...outcome, client: { ...outcome.client, errors: [...new Set(outcome.client.errors)] } },
  };
}

/** A chat page of the conversation in a browser without the extension, loaded. */
async function baselineChat(context: BrowserContext, conversationId: string): Promise<Page> {
  const chat = await context.newPage();
  await chat.goto(`https://chatgpt.com/c/${conversationId}`);
  await waitForClient(chat, (client) => client.loaded);
  return chat;
}

/**
 * A polling tab of the scenario watched with the extension (its fallback behind the page's poll, so while
 * the page polls fine only it asks), and the same conversation's page in the browser without it.
 */
function besideBaseline(
  lens: Lens,
  baseline: BrowserContext,
  scenario: FixtureName,
): Promise<[WatchedTab, Page]> {
  return Promise.all([
    openWatched(lens, scenario, { pagePolls: true, fallbackMs: FALLBACK_BEHIND_PAGE_POLL_MS }),
    baselineChat(baseline, FIXTURE_IDS[scenario]),
  ]);
}

/** The same Chromium without the extension, on a replica of its own: what the page does by itself. */
async function withBaseline<T>(run: (context: BrowserContext, replica: Replica) => Promise<T>): Promise<T> {
  const replica = await startReplica();
  const context = await launchBrowser({ extensionDir: null, replicaPort: replica.port, headless: true });
  try {
    return await run(context, replica);
  } finally {
    await context.close();
    await replica.close();
  }
}

/** How late a request sent before a 429 reached the worker may still arrive at the replica on a busy machine. */
const IN_FLIGHT_MS = 1_000;

describe('the network and the clock', () => {
  test('a response 30 s slow: given up after 20 s with a clear state, data kept; back by itself once the site answers', async ({
    lens,
  }) => {
    const { failed, since } = await drillOwnPoll(
      lens,
      { kind: 'slow', delayMs: 30_000 },
      {
        code: 'network',
        banner: /no answer within 20 s.*Chat Lens tries again/,
        timeoutMs: REQUEST_TIMEOUT_MS + 10_000,
      },
    );
    // Given up at the deadline, not at the answer 30 s later.
    const asked = ownCallsSince(lens.replica, since)[0]?.time ?? since;
    expect(failed.updatedAt - asked).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 1_000);
    expect(failed.updatedAt - asked).toBeLessThan(30_000);
  }, 120_000);

  test('the network gone and back: the page does exactly what it does without the extension, which keeps its data and recovers with the page', async ({
    lens,
  }) => {
    await withBaseline(async (baseline, baselineReplica) => {
      const id = FIXTURE_IDS.webSearch;
      const [tab, bare] = await besideBaseline(lens, baseline, 'webSearch');
      const gone: PageFault = { key: '*', override: { fault: { kind: 'disconnect' } } };
      const [withExtension, without] = await Promise.all([
        pageUnderFault(lens.replica, tab.chat, id, gone, {
          whileFaulty: async () => {
            // Nothing fresh for 8 s: the extension's own poll came, and failed like the page's.
            const failed = await waitForLens(lens, tab.tabId, failedWith('network'), 20_000);
            expect(failed.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
            await expectViewsKept(tab);
            await expectBanner(
              tab,
              'error',
              /did not complete.*Check your connection; Chat Lens tries again/,
            );
            expect(await exportThroughMenu(tab.panel ?? tab.popup)).toEqual(tab.before.exported);
          },
          onceBack: async () => {
            // The page's own poll succeeding is the sign: the failure clears with no request of the extension.
            await waitForLens(lens, tab.tabId, settled);
            await expectNoBanner(tab);
          },
        }),
        pageUnderFault(baselineReplica, bare, id, gone),
      ]);
      expect(without.outcome.client.errors).toContain('tree poll: Failed to fetch');
      expect(withExtension).toEqual(without);
    });
  }, 120_000);

  test("bodies broken on the page's own requests (a tree poll cut off mid-way, a malformed one, an answer stream cut off): the page sees what it sees without the extension, which keeps its data", async ({
    lens,
  }) => {
    await withBaseline(async (baseline, baselineReplica) => {
      const id = FIXTURE_IDS.cutOffSse;
      const [tab, bare] = await besideBaseline(lens, baseline, 'cutOffSse');
      const keepsItsData = async (): Promise<void> => {
        const state = await waitForLens(lens, tab.tabId, settled);
        expect(state.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
        await expectViewsKept(tab);
        await expectNoBanner(tab);
      };
      for (const kind of ['cut-off', 'malformed'] as const) {
        const fault: PageFault = { key: id, override: { fault: { kind, paths: ['tree'] } } };
        const [withExtension, without] = await Promise.all([
          pageUnderFault(lens.replica, tab.chat, id, fault, {
            whileFaulty: async () => {
              await keepsItsData();
              expect(await exportThroughMenu(tab.popup)).toEqual(tab.before.exported);
            },
            onceBack: keepsItsData,
          }),
          pageUnderFault(baselineReplica, bare, id, fault),
        ]);
        expect(without.outcome.client.errors).toContain('tree: malformed JSON');
        expect(withExtension).toEqual(without);
      }

      // site-interface 4.5: the SSE answer to a prompt breaks off before [DONE] (the cutOffSse scenario).
      const since = Date.now();
      const cutOff = 'answer: the answer stream was cut off before [DONE]';
      // The page polls its tree on a clock of its own (every 5 s, not while it streams): the time a prompt
      // takes holds one poll in one browser and none in the other, so what the two compare is the rest.
      const treePoll = `GET /backend-api/conversation/${id} `;
      const ask = async (chat: Page, replica: Replica): Promise<PageSide> => {
        await chat.fill('textarea#prompt', 'Should I pay off my loan first?');
        await chat.click('button#send');
        await waitForClient(chat, (client) => client.errors.includes(cutOff));
        const side = await pageSide(replica, chat, id, since);
        return { ...side, calls: side.calls.filter((call) => !call.startsWith(treePoll)) };
      };
      const [withExtension, without] = await Promise.all([
        ask(tab.chat, lens.replica),
        ask(bare, baselineReplica),
      ]);
      expect(withExtension).toEqual(without);
      const after = await waitForLens(lens, tab.tabId, settled);
      expect(after.snapshot?.summary?.messageCount).toBeGreaterThanOrEqual(messageCount(tab));
      const exported = await exportThroughMenu(tab.panel ?? tab.popup);
      expect(messageIds(exported.messages)).toEqual(
        expect.arrayContaining(messageIds(tab.before.exported.messages)),
      );
      await expectNoBanner(tab);
    });
  }, 120_000);

  test('a 429 storm across three tabs: one governor, no request while it waits, "rate limited until" in every tab, all clear by themselves', async ({
    lens,
  }) => {
    const quiet = await openWatched(lens, 'plain', { panel: false });
    const other = await openWatched(lens, 'sse', { panel: false });
    const polling = await openWatched(lens, 'webSearch', { panel: false, pagePolls: true });
    const tabs = [quiet, other, polling];
    const since = Date.now();
    const retryAfterS = 6;
    const lift = setFault(lens, '*', {
      rateLimit: { retryAfter: 'seconds', seconds: retryAfterS, origins: ['extension'] },
    });
    const limited = () => ownCallsSince(lens.replica, since).filter((call) => call.status === 429);
    await expect.poll(() => limited().length, { timeout: 10_000 }).toBeGreaterThan(0);
    const firstAt = limited()[0]?.time ?? since;
    const states = [];
    for (const tab of tabs)
      states.push(
        await waitForLens(
          lens,
          tab.tabId,
          (state) => (state.snapshot?.rateLimitedUntil ?? 0) >= firstAt + retryAfterS * 1_000,
        ),
      );
    for (const [index, tab] of tabs.entries()) {
      expect(states[index]?.snapshot?.summary).toEqual(tab.before.lens.snapshot?.summary);
      await expect
        .poll(() => tab.popup.getByTestId('freshness').textContent())
        .toMatch(/^rate limited until \d\d:\d\d:\d\d$/);
      await expectBanner(
        tab,
        'rate-limited',
        /Rate limited until \d\d:\d\d:\d\d: nothing is sent until then/,
      );
    }
    expect(await exportThroughMenu(other.popup)).toEqual(other.before.exported);

    // The storm goes on for one more wait, then ends.
    await expect
      .poll(() => limited().filter((call) => call.time > firstAt + 1_000).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const endedAt = Date.now();
    lift();
    for (const tab of tabs) await expectRecovered(lens, tab, endedAt);
    // No request of the extension went out while the governor waited (site-interface 7: Retry-After). The
    // replica logs a request when it arrives: one the worker sent before a 429 reached it (another tab's, in
    // flight) can arrive late on a busy machine, so the wait is judged from a second after each 429.
    const calls = ownCallsSince(lens.replica, since);
    for (const refused of calls.filter((call) => call.status === 429)) {
      const during = calls.filter(
        (call) =>
          call.time > refused.time + IN_FLIGHT_MS && call.time < refused.time + retryAfterS * 1_000 - 100,
      );
      expect(during).toEqual([]);
    }
    // The polling page's own tree polls went on, answered as ever; the quiet pages asked nothing.
    for (const tab of [quiet, other])
      expect(pageCallsSince(lens.replica, tab.conversationId, since)).toEqual([]);
    const pageCalls = new Set(pageCallsSince(lens.replica, polling.conversationId, since));
    expect(pageCalls).toEqual(new Set([`GET /backend-api/conversation/${polling.conversationId} 200`]));
    for (const tab of tabs) expect(await pageOutcome(tab.chat)).toEqual(tab.before.page);
  });
});
