import { describe, expect } from 'vitest';
import type { CaptureCounts, TabLens } from '@/lib/runtime/contract/tab-lens';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { LIVE_SOCKET_PATH, RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';
import { test } from './lens-test';
import { askPrompt, waitForClient } from './replica-page';

describe("the live site's answer streams, with the extension installed", () => {
  test('the page gets its answer over the live WebSocket; the extension keeps reduced counts, no token', async ({
    lens,
  }) => {
    lens.replica.clearRequests();
    const page = await lens.openChat(`/c/${FIXTURE_IDS.liveShopping}`);
    await waitForClient(page, (client) => client.loaded);
    const question = 'Which of these folds flat for a long flight?';
    const state = await askPrompt(page, question);

    // The page read the handoff, subscribed on ws.chatgpt.com and decoded the encoded items.
    expect(state.errors).toEqual([]);
    expect(state.transport).toBe('websocket');
    expect(state.lastAnswer).toContain(`About “${question}”`);
    expect(lens.replica.requests({ pathPrefix: LIVE_SOCKET_PATH, status: 101 }).length).toBe(1);

    // The extension saw the reduced stream items and the handoff, as counts.
    const tabId = await lens.tabIdOf(page);
    const key = `tabLens:${tabId}`;
    const summary = async (): Promise<CaptureCounts | undefined> => {
      const stored = await lens.serviceWorker.evaluate((name) => chrome.storage.session.get(name), key);
      return (stored[key] as TabLens | undefined)?.captured;
    };
    await expect.poll(async () => (await summary())?.handoffs, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await summary())?.streamItems ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(3);
    expect(await summary()).toMatchObject({ responses: { 'submit-prompt': 1 } });

    const popup = await lens.openExtensionPage('popup.html', page);
    await expect
      .poll(async () => Number(await popup.locator('[data-endpoint="websocket-frames"] dd').textContent()))
      .toBeGreaterThan(0);

    // The page received the resume token (SSE body and a frame); none of it reached the extension.
    const stored = await lens.serviceWorker.evaluate(async () =>
      JSON.stringify([await chrome.storage.session.get(null), await chrome.storage.local.get(null)]),
    );
    expect(stored).not.toContain(RESUME_TOKEN_CANARY);
    expect(await popup.content()).not.toContain(RESUME_TOKEN_CANARY);
    await popup.close();
    await page.close();
  });
});
