import type { BrowserContext } from 'playwright-core';
import { describe, expect } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards } from '@/tests/replica/fixtures/products';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { type Replica, startReplica } from '@/tests/replica/server';
import { launchBrowser } from '@/tests/support/launch-browser';
import { test } from './lens-test';
import { askPrompt, type ReplicaClientState, waitForClient } from './replica-page';

interface FlowResult {
  client: Omit<ReplicaClientState, 'bootFetchWasNative'>;
  /** What the page asked and was answered: method, path without query, status, each once. */
  pageCalls: string[];
}

const TREE_POLLS = 2;

/**
 * The page's own flows: a prompt over SSE, over the WebSocket, over the live site's
 * handoff to ws.chatgpt.com, and the product refresh with the tree polled meanwhile.
 */
async function runFlows(context: BrowserContext, replica: Replica): Promise<Record<string, FlowResult>> {
  const results: Record<string, FlowResult> = {};
  const flows = [
    ['sse', FIXTURE_IDS.sse, 'What is a good cast-iron skillet for a beginner?'],
    ['websocket', FIXTURE_IDS.websocket, 'Summarize the thread so far in two sentences.'],
    ['live', FIXTURE_IDS.liveShopping, 'Which of these folds flat for a long flight?'],
    ['products and tree polls', FIXTURE_IDS.products, null],
  ] as const;
  for (const [name, id, prompt] of flows) {
    replica.clearRequests();
    const page = await context.newPage();
    await page.goto(`https://chatgpt.com/c/${id}`);
    await waitForClient(page, (client) => client.loaded);
    const treePolls = () =>
      replica.requests({ origin: 'page', method: 'GET', pathPrefix: `/backend-api/conversation/${id}` })
        .length;
    // The page refreshes its product cards (site-interface 4.4) while a prompt streams: the state is read
    // once every card was refreshed, so both runs compare the same moment.
    const cards = SCENARIOS[id]?.withProducts ? productCards(id).length : 0;
    if (prompt !== null) await askPrompt(page, prompt);
    const state = await waitForClient(
      page,
      (client) => client.productRefreshes >= cards && (prompt !== null || treePolls() > TREE_POLLS),
    );
    const { bootFetchWasNative: _probe, ...client } = state;
    const calls = replica
      .requests({ origin: 'page' })
      .map((request) => `${request.method} ${request.path.split('?')[0]} ${request.status}`);
    results[name] = { client, pageCalls: [...new Set(calls)].sort() };
    await page.close();
  }
  return results;
}

describe("the page's own flows", () => {
  test('give the page the same results with and without the extension', async ({ lens }) => {
    const baselineReplica = await startReplica();
    const baseline = await launchBrowser({
      extensionDir: null,
      replicaPort: baselineReplica.port,
      headless: true,
    });
    try {
      // Side by side: each browser has a replica of its own, and each flow waits for its page's state, so
      // neither run sees the other's requests; most of their time is the page's 5 s tree polls.
      const [without, withExtension] = await Promise.all([
        runFlows(baseline, baselineReplica),
        runFlows(lens.context, lens.replica),
      ]);
      for (const result of Object.values(without)) expect(result.client.errors).toEqual([]);
      expect(withExtension).toEqual(without);
    } finally {
      await baseline.close();
      await baselineReplica.close();
    }
  }, 120_000);
});
