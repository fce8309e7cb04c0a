import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject } from 'vitest';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY } from '@/tests/replica/fixtures/products';
import { REPLICA_TOKEN_PREFIX } from '@/tests/replica/server';
import { test } from './lens-test';
import { askPrompt, waitForClient } from './replica-page';

describe('the installed extension', () => {
  test('is the production build: React in its production bundle, as a user gets it', () => {
    const chunks = join(inject('extensionDir'), 'chunks');
    const code = readdirSync(chunks)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(chunks, name), 'utf8'))
      .join('\n');
    // Only React's production bundle replaces its error texts by codes.
    expect(code).toContain('Minified React error');
  });

  test('starts its worker with only the permissions it needs', async ({ lens }) => {
    expect(lens.extensionId).toMatch(/^[a-p]{32}$/);
    const manifest = await lens.serviceWorker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions?.sort()).toEqual(['sidePanel', 'storage']);
    expect(manifest.host_permissions).toEqual(['https://chatgpt.com/*']);
  });

  test('hooks the page before its own script and relays what the page loads', async ({ lens }) => {
    const page = await lens.openChat(`/c/${FIXTURE_IDS.plain}`);
    const state = await waitForClient(page, (client) => client.loaded);
    // The page's first line saw a wrapped fetch: the MAIN-world hook ran at document_start.
    expect(state.bootFetchWasNative).toBe(false);
    expect(state.errors).toEqual([]);

    const popup = await lens.openExtensionPage('popup.html', page);
    const counts = popup.getByTestId('capture-counts');
    await expect.poll(() => counts.locator('[data-endpoint="conversation-tree"] dd').textContent()).toBe('1');
    await expect
      .poll(() => counts.locator('[data-endpoint="conversation-messages"] dd').textContent())
      .toBe('1');
    await expect.poll(() => counts.locator('[data-endpoint="ads"] dd').textContent()).toBe('1');
    await expect.poll(() => counts.locator('[data-endpoint="me"] dd').textContent()).toBe('1');
    await expect.poll(() => popup.locator('main').getAttribute('data-face')).toBe('views');
    await popup.close();
    await page.close();
  });

  test('renders the popup and the side panel, which say when the tab holds no conversation', async ({
    lens,
  }) => {
    for (const name of ['popup.html', 'sidepanel.html'] as const) {
      const view = await lens.openExtensionPage(name);
      await expect(view.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Chat Lens');
      // Opened on its own, the view describes its own tab, which is no conversation.
      await expect.poll(() => view.getByRole('status').textContent()).toMatch(/Open a conversation/);
      await view.close();
    }
  });

  test('makes no request of its own while the page loads a conversation', async ({ lens }) => {
    lens.replica.clearRequests();
    const page = await lens.openChat(`/c/${FIXTURE_IDS.webSearch}`);
    await waitForClient(page, (client) => client.loaded);
    expect(lens.replica.requests({ origin: 'page' }).length).toBeGreaterThanOrEqual(4);
    expect(lens.replica.requests({ origin: 'extension' })).toEqual([]);
    await page.close();
  });

  test('keeps no token, tracking value or product secret in storage or on screen', async ({ lens }) => {
    const page = await lens.openChat(`/c/${FIXTURE_IDS.products}`);
    await waitForClient(page, (client) => client.loaded && client.productRefreshes >= 3);
    const popup = await lens.openExtensionPage('popup.html', page);
    await expect.poll(() => popup.locator('[data-endpoint="product-update"] dd').textContent()).toBe('3');
    const stored = await lens.serviceWorker.evaluate(async () =>
      JSON.stringify([await chrome.storage.session.get(null), await chrome.storage.local.get(null)]),
    );
    // The page loaded the planted values (session token, ad tracking tokens, product token members)
    // through the responses the extension copies; none of them may reach its storage or its views.
    expect(lens.replica.requests({ origin: 'page', pathPrefix: '/api/auth/session' }).length).toBeGreaterThan(
      0,
    );
    for (const canary of [REPLICA_TOKEN_PREFIX, AD_TRACKING_CANARY, PRODUCT_TOKEN_CANARY]) {
      expect(stored).not.toContain(canary);
      expect(await popup.content()).not.toContain(canary);
    }
    await popup.close();
    await page.close();
  });
});

describe('the replica chat page, with the extension installed', () => {
  test('loads the tree first, then the messages, account and ads', async ({ lens }) => {
    lens.replica.clearRequests();
    const page = await lens.openChat(`/c/${FIXTURE_IDS.plain}`);
    await waitForClient(page, (client) => client.loaded);
    const backend = lens.replica
      .requests({ origin: 'page', pathPrefix: '/backend-api/' })
      .map((request) => request.path.split('?')[0]);
    expect(backend.slice(0, 4)).toEqual([
      `/backend-api/conversation/${FIXTURE_IDS.plain}`,
      `/backend-api/conversations/${FIXTURE_IDS.plain}`,
      '/backend-api/me',
      `/backend-api/bazaar/conversation/${FIXTURE_IDS.plain}/ads`,
    ]);
    expect(lens.replica.requests({ origin: 'page', status: 401 })).toEqual([]);
    await page.close();
  });

  test('polls the tree while the tab is open', async ({ lens }) => {
    const page = await lens.openChat(`/c/${FIXTURE_IDS.plain}`);
    await waitForClient(page, (client) => client.loaded);
    const treeCalls = () =>
      lens.replica
        .requests({ origin: 'page', pathPrefix: `/backend-api/conversation/${FIXTURE_IDS.plain}` })
        .filter((request) => !request.path.includes('stream_status')).length;
    const before = treeCalls();
    await expect.poll(treeCalls, { timeout: 15_000, interval: 250 }).toBeGreaterThan(before);
    await page.close();
  });

  test('answers a prompt over SSE and the extension sees the stream', async ({ lens }) => {
    const page = await lens.openChat(`/c/${FIXTURE_IDS.sse}`);
    await waitForClient(page, (client) => client.loaded);
    const state = await askPrompt(page, 'What is a good cast-iron skillet for a beginner?');
    expect(state.transport).toBe('sse');
    expect(state.lastAnswer?.length).toBeGreaterThan(20);
    const popup = await lens.openExtensionPage('popup.html', page);
    await expect
      .poll(() => popup.locator('[data-endpoint="submit-prompt"] dd').textContent(), { timeout: 10_000 })
      .toBe('1');
    await popup.close();
    await page.close();
  });

  test('answers a prompt over WebSocket and the extension sees stream-item frames', async ({ lens }) => {
    const page = await lens.openChat(`/c/${FIXTURE_IDS.websocket}`);
    await waitForClient(page, (client) => client.loaded);
    const state = await askPrompt(page, 'Summarize the thread so far in two sentences.');
    expect(state.transport).toBe('websocket');
    const popup = await lens.openExtensionPage('popup.html', page);
    await expect
      .poll(async () => Number(await popup.locator('[data-endpoint="websocket-frames"] dd').textContent()), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await popup.close();
    await page.close();
  });

  test('refreshes product cards one at a time, 300–500 ms apart', async ({ lens }) => {
    lens.replica.clearRequests();
    const page = await lens.openChat(`/c/${FIXTURE_IDS.products}`);
    await waitForClient(page, (client) => client.loaded && client.productRefreshes >= 3);
    const calls = lens.replica.requests({ origin: 'page', pathPrefix: '/backend-api/search/product_update' });
    expect(calls.length).toBe(3);
    const gaps = calls.slice(1).map((call, index) => call.time - (calls[index]?.time ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(300);
    await page.close();
  });
});
