import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';
import { searchQueriesFor } from '@/tests/replica/search-turn';
import { exportFromMenu } from './export-actions';
import { ownBackendRequests, waitForLens } from './lens-state';
import { type Lens, test } from './lens-test';
import { moveToOwnWindow } from './own-window';
import { askPrompt, clientState, waitForClient } from './replica-page';
import { openViews, shoot, waitForViews } from './view-checks';

/**
 * The answer stream as a source (architecture "The stream as a source"): what an answer streams reaches
 * the views while it streams, over SSE and over the WebSocket, and a complete answer costs no request.
 */

/** Types a prompt and returns at once, the answer still to come. */
async function sendPrompt(chat: Page, prompt: string): Promise<void> {
  await chat.fill('textarea#prompt', prompt);
  await chat.click('button#send');
}

/** The answer settled: the page shows it, and the worker wrote what it read of it. */
async function answered(lens: Lens, chat: Page, prompt: string): Promise<void> {
  await waitForClient(chat, (state) => state.lastAnswer?.includes(prompt) === true);
  const tabId = await lens.tabIdOf(chat);
  await waitForLens(lens, tabId, (state) => state.snapshot?.transport !== 'unknown');
  // The page's own loads after an answer (a tree poll) settle, and a refresh would have asked by now.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}

/** The trees the page loaded that the worker read: a poll that brought the same tree again is not one. */
const treeLoadsOf = (state: TabLens): number => state.captured.responses['conversation-tree'] ?? 0;

/** The answer's pages as the worker shows them: the last turn's, each with whether it was cited and found. */
const lastTurnPages = (state: TabLens | null): string[] => {
  const sources = state?.snapshot?.sources ?? [];
  const last = Math.max(...sources.map((source) => source.turnIndex));
  return sources
    .filter((source) => source.turnIndex === last)
    .map((source) => `${source.url} cited:${source.cited} found:${source.retrieved}`);
};

/**
 * The page's next tree poll brings the answer it just streamed, without its content_references (the tree
 * never holds them, site-interface 4.2): the pages the stream named stay, a page only the answer's sources
 * footnote cites among them. `treeLoads`: how many trees the worker had read before the prompt.
 */
async function expectPagesKeptThroughTreePoll(lens: Lens, chat: Page, treeLoads: number): Promise<void> {
  const tabId = await lens.tabIdOf(chat);
  const polled = await waitForLens(lens, tabId, (state) => treeLoadsOf(state) > treeLoads, 15_000);
  expect(lastTurnPages(polled).filter((page) => page.endsWith('cited:true found:false'))).toHaveLength(1);
}

/**
 * Sends a searched prompt and waits until the side panel's Queries view shows its first query, while the
 * model is still writing: the page has not shown the answer yet.
 */
async function promptUntilQueryShows(chat: Page, panel: Page, prompt: string): Promise<void> {
  await sendPrompt(chat, prompt);
  await queryShows(panel, prompt);
  expect((await clientState(chat)).lastAnswer ?? '').not.toContain(prompt);
}

/** The side panel's open view shows the first query the replica searches for `prompt`, once. */
async function queryShows(panel: Page, prompt: string): Promise<void> {
  const [query] = searchQueriesFor(prompt);
  await expect
    .poll(
      () =>
        panel
          .getByRole('tabpanel')
          .getByText(query ?? '', { exact: true })
          .count(),
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
}

describe('the answer stream as a source', () => {
  for (const scenario of ['liveSearch', 'liveSearchHandoff'] as const) {
    test(`${scenario}: the queries show in the side panel before the answer ends, and nothing is fetched after it`, async ({
      lens,
    }) => {
      const id = FIXTURE_IDS[scenario];
      const { chat, page: panel } = await openViews(lens, scenario, 'sidepanel.html');
      await moveToOwnWindow(lens, chat);
      await panel.getByRole('tab', { name: /Queries/ }).click();
      // Held before its text until the query shows: paced pieces alone could end first on a busy machine.
      lens.replica.setOverride(id, { answerHeld: true });
      lens.replica.clearRequests();
      const treeLoads = treeLoadsOf(await waitForLens(lens, await lens.tabIdOf(chat), () => true));
      const prompt = `Which trail shoes grip best in mud, asked on ${scenario}?`;
      await promptUntilQueryShows(chat, panel, prompt);
      await shoot(panel, `sidepanel-streaming-${scenario}`);
      lens.replica.setOverride(id, null);
      await answered(lens, chat, prompt);
      // A complete answer streams all it holds: the worker asks for nothing after it.
      expect(ownBackendRequests(lens.replica).map((request) => request.path)).toEqual([]);
      await expect(panel.getByRole('tabpanel').getByTestId('search-summary').textContent()).resolves.toMatch(
        /^Searched the web for \d+ of \d+ answers?\./,
      );
      await expectPagesKeptThroughTreePoll(lens, chat, treeLoads);
      for (const page of [panel, chat]) await page.close();
    });
  }

  test('an answer resumed over SSE after its handoff: its queries, pages, ad and transport in the side panel, nothing fetched', async ({
    lens,
  }) => {
    // site-interface 10.15: liveSearchHandoff's answer handed to the resume call instead of its topic.
    const scenario = 'liveSearchHandoff';
    const id = FIXTURE_IDS[scenario];
    const { chat, page: panel } = await openViews(lens, scenario, 'sidepanel.html');
    await moveToOwnWindow(lens, chat);
    await panel.getByRole('tab', { name: /Queries/ }).click();
    lens.replica.setOverride(id, { handoff: 'resume-sse', answerHeld: true });
    lens.replica.clearRequests();
    const prompt = 'Which rain shell breathes best on a steep climb, asked after a resume?';
    await promptUntilQueryShows(chat, panel, prompt);
    lens.replica.setOverride(id, { handoff: 'resume-sse' });
    await answered(lens, chat, prompt);
    expect((await clientState(chat)).transport).toBe('sse');
    // The page's own calls: the submit and one resume. The extension asked for nothing.
    expect(
      lens.replica.requests({ origin: 'page', pathPrefix: '/backend-api/f/conversation/resume' }),
    ).toHaveLength(1);
    expect(ownBackendRequests(lens.replica).map((request) => request.path)).toEqual([]);
    await expect(panel.getByTestId('transport-badge').textContent()).resolves.toBe(
      'Transport: SSE (resumed)',
    );
    const state = await waitForLens(lens, await lens.tabIdOf(chat), () => true);
    expect(lastTurnPages(state).some((page) => page.includes('cited:true'))).toBe(true);
    await panel.getByRole('tab', { name: /Ads/ }).click();
    const streamedAd = panel
      .getByRole('tabpanel')
      .getByRole('article')
      .filter({ has: panel.getByText('streamed', { exact: true }) });
    await expect.poll(() => streamedAd.count(), { timeout: 10_000 }).toBe(1);
    // The resume token rode in the handoff and in the resume call's body: none of it was kept.
    expect(JSON.stringify(state)).not.toContain(RESUME_TOKEN_CANARY);
    await panel.getByRole('tab', { name: /Sources/ }).click();
    await shoot(panel, 'sidepanel-resumed-sse');
    lens.replica.setOverride(id, null);
    for (const page of [panel, chat]) await page.close();
  });

  test('a conversation read while its answer is made shows as answering, then as answered once the page polls it', async ({
    lens,
  }) => {
    const id = FIXTURE_IDS.sse;
    const chat = await lens.openChat(`/c/${id}`);
    await waitForClient(chat, (state) => state.loaded);
    // Held mid-answer until the export below is made: paced pieces alone could finish first on a busy machine.
    lens.replica.setOverride(id, { answerHeld: true });
    lens.replica.clearRequests();
    const prompt = 'How long should a brisket rest, asked while another tab looks on?';
    await sendPrompt(chat, prompt);
    // Another tab opens the conversation mid-answer: the site says an answer is being made (async_status 3).
    await expect
      .poll(() => lens.replica.requests({ pathPrefix: '/backend-api/f/conversation' }).length)
      .toBe(1);
    // Its own address, so that the tab is told from the one that asked.
    const watcher = await lens.openChat(`/c/${id}?opened=later`);
    const panel = await lens.openExtensionPage('sidepanel.html', watcher);
    await waitForViews(lens, panel, watcher);
    await expect.poll(() => panel.getByTestId('answering').count(), { timeout: 10_000 }).toBe(1);
    const markdown = await exportFromMenu(panel, 'Export Markdown');
    expect(markdown).not.toContain(`About “${prompt}”: here is what I would do.`);
    await shoot(panel, 'sidepanel-answering');
    lens.replica.setOverride(id, null);
    await answered(lens, chat, prompt);
    // The watching page's own tree poll brings the finished answer: the panel no longer says answering.
    await expect.poll(() => panel.getByTestId('answering').count(), { timeout: 30_000 }).toBe(0);
    for (const page of [panel, watcher, chat]) await page.close();
  });

  test("a streamed ad shows in the popup's Ads view with its turn, without a reload", async ({ lens }) => {
    const { chat, page: popup } = await openViews(lens, 'liveShopping', 'popup.html');
    await moveToOwnWindow(lens, chat);
    await popup.getByRole('tab', { name: /Ads/ }).click();
    const before = await popup.getByRole('tabpanel').getByText('streamed', { exact: true }).count();
    expect(before).toBe(0);
    const prompt = 'Which of these packs down smallest for a carry-on?';
    await askPrompt(chat, prompt);
    const streamedAd = popup
      .getByRole('tabpanel')
      .getByRole('article')
      .filter({ has: popup.getByText('streamed', { exact: true }) });
    await expect.poll(() => streamedAd.count(), { timeout: 20_000 }).toBe(1);
    await expect(streamedAd.textContent()).resolves.toMatch(/Turn \d+/);
    await shoot(popup, 'popup-streamed-ad');
    for (const page of [popup, chat]) await page.close();
  });

  test('an answer cut off mid-record keeps what arrived and asks for the newest page once', async ({
    lens,
  }) => {
    const id = FIXTURE_IDS.liveCutOff;
    const { chat, page: panel } = await openViews(lens, 'liveCutOff', 'sidepanel.html');
    await moveToOwnWindow(lens, chat);
    lens.replica.clearRequests();
    const prompt = 'Which trail shoes drain fastest after a river crossing?';
    await sendPrompt(chat, prompt);
    const tabId = await lens.tabIdOf(chat);
    await waitForLens(lens, tabId, (state) => (state.captured.responses['submit-prompt'] ?? 0) > 0);
    await expect
      .poll(() => ownBackendRequests(lens.replica, `/backend-api/conversations/${id}`).length, {
        timeout: 20_000,
      })
      .toBe(1);
    // The queries of the cut answer were read from what arrived, before any page came.
    await panel.getByRole('tab', { name: /Queries/ }).click();
    await queryShows(panel, prompt);
    for (const page of [panel, chat]) await page.close();
  });
});
