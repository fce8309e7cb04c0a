import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { CaptureCounts, TabLens } from '@/lens/runtime/contract/tab-lens';
import { SENTINEL_TOKEN_CANARY } from '@/tests/replica/fixtures/canaries';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { VERIFY_PROMPT_MARK } from '@/tests/replica/handlers/mobile-web';
import { REFUSED_PROMPT_MARK } from '@/tests/replica/handlers/submit-prompt';
import { LIVE_SOCKET_PATH, RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';
import { exportFromMenu } from './export-actions';
import { waitForLens } from './lens-state';
import { test } from './lens-test';
import { askPrompt, waitForClient } from './replica-page';
import { everythingStored } from './stored-everywhere';
import { expectNoCanary, seriousViolations, shootEveryLook, waitForViews } from './view-checks';

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

/** The panel names the answer's transport SSE and lists the queries it ran. */
async function expectSseAndQueries(panel: Page): Promise<void> {
  await expect
    .poll(() => panel.getByTestId('transport-badge').textContent(), { timeout: 10_000 })
    .toContain('SSE');
  await panel.getByRole('tab', { name: 'Queries' }).click();
  await expect.poll(() => panel.locator('.query__text').count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

describe('a chat used signed out (site-interface 10.10)', () => {
  test('the side panel follows it live from its stream alone, says it is signed out, and the extension asks for nothing', async ({
    lens,
  }) => {
    lens.replica.clearRequests();
    const chat = await lens.openChat('/signed-out');
    const panel = await lens.openExtensionPage('sidepanel.html', chat);
    await panel.locator('main[data-face="no-conversation"]').waitFor();
    const signedOut = () =>
      chat.evaluate(
        () =>
          (window as unknown as { replicaSignedOut: { answers: number; refused: unknown } }).replicaSignedOut,
      );
    await chat.fill('textarea#prompt', 'Which trail shoes drain fastest after a river crossing?');
    await chat.click('button#send');
    await expect.poll(async () => (await signedOut()).answers, { timeout: 20_000 }).toBe(1);

    // The panel turned to the chat by itself: its queries, its cited pages, its transport.
    await waitForViews(lens, panel, chat, 20_000);
    await expect(panel.getByTestId('signed-out').textContent()).resolves.toBe('Signed out');
    await expectSseAndQueries(panel);
    await panel.getByRole('tab', { name: 'Sources' }).click();
    await expect
      .poll(() => panel.getByText('✓ Cited', { exact: true }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await seriousViolations(panel)).toEqual([]);
    await shootEveryLook(panel, 'signed-out-sources');

    // A prompt the site refuses shows what the site said, over the chat read so far.
    await chat.fill('textarea#prompt', `${REFUSED_PROMPT_MARK} and one more question`);
    await chat.click('button#send');
    await expect.poll(async () => (await signedOut()).refused, { timeout: 20_000 }).not.toBeNull();
    await expect
      .poll(() => panel.locator('[data-banner="refused"]').textContent(), { timeout: 10_000 })
      .toMatch(/refused the prompt with HTTP 403: Unusual activity/);
    await shootEveryLook(panel, 'signed-out-refused');

    // Neither a token nor a conversation was asked for: only the page's own requests reached the site.
    expect(lens.replica.requests({ origin: 'extension' })).toEqual([]);
    expect(lens.replica.requests({ pathPrefix: '/api/auth/session' })).toEqual([]);
    expectNoCanary(await panel.content());
    await panel.close();
    await chat.close();
  });
});

describe('a chat used signed out on the mobile web surface (site-interface 10.16)', () => {
  test('the side panel reads its HTML stream: the answer, its cited pages, its refusals, and no token of its form', async ({
    lens,
  }) => {
    lens.replica.clearRequests();
    const chat = await lens.openChat('/mobile-web');
    const panel = await lens.openExtensionPage('sidepanel.html', chat);
    await panel.locator('main[data-face="no-conversation"]').waitFor();
    const signedOut = () =>
      chat.evaluate(
        () =>
          (
            window as unknown as {
              replicaSignedOut: { answers: number; refused: unknown; conversationId: string };
            }
          ).replicaSignedOut,
      );
    const question = 'Which ferry reaches Corvo from Flores?';
    await chat.fill('textarea#prompt', question);
    await chat.click('button#send');
    await expect.poll(async () => (await signedOut()).answers, { timeout: 20_000 }).toBe(1);

    // The page moved to the chat's /uc/ address; the panel follows it, signed out, streamed as HTML.
    const { conversationId } = await signedOut();
    expect(new URL(chat.url()).pathname).toBe(`/uc/${conversationId}`);
    await waitForViews(lens, panel, chat, 20_000);
    await expect(panel.getByTestId('signed-out').textContent()).resolves.toBe('Signed out');
    await expect
      .poll(() => panel.getByTestId('transport-badge').textContent(), { timeout: 10_000 })
      .toContain('HTML stream');
    await panel.getByRole('tab', { name: 'Sources' }).click();
    await expect.poll(() => panel.getByText('✓ Cited', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
    expect(await seriousViolations(panel)).toEqual([]);
    await shootEveryLook(panel, 'mobile-web-sources');
    const markdown = await exportFromMenu(panel, 'Export Markdown');
    expect(markdown).toContain(question);
    expect(markdown).toContain(`About “${question}”`);

    // Refused inside the stream, then in place of it: the panel says what the site said, the chat stays.
    await chat.fill('textarea#prompt', `${VERIFY_PROMPT_MARK} one more question`);
    await chat.click('button#send');
    await expect.poll(async () => (await signedOut()).refused, { timeout: 20_000 }).not.toBeNull();
    await expect
      .poll(() => panel.locator('[data-banner="refused"]').textContent(), { timeout: 10_000 })
      .toMatch(/refused the prompt with HTTP 403: Chat verification required/);
    await chat.fill('textarea#prompt', `${REFUSED_PROMPT_MARK} and another`);
    await chat.click('button#send');
    await expect
      .poll(() => panel.locator('[data-banner="refused"]').textContent(), { timeout: 10_000 })
      .toMatch(/refused the prompt with HTTP 403: Chat verification required\./);
    await shootEveryLook(panel, 'mobile-web-refused');
    await expect(panel.locator('main[data-face="views"]').count()).resolves.toBe(1);
    // Every shape of it was read: a refused stream is no answer missing.
    await expect(panel.getByTestId('reading-health').count()).resolves.toBe(0);

    // Nothing asked of the site, and no token of the form or the conduit kept or shown anywhere.
    expect(lens.replica.requests({ origin: 'extension' })).toEqual([]);
    expect(lens.replica.requests({ pathPrefix: '/api/auth/session' })).toEqual([]);
    expect(lens.replica.requests({ pathPrefix: '/unauth-mweb/conversation/prepare' }).length).toBe(3);
    const stored = await everythingStored(lens, { extension: panel, chat });
    for (const { area, text } of stored) expect(text, area).not.toContain(SENTINEL_TOKEN_CANARY);
    expect(markdown).not.toContain(SENTINEL_TOKEN_CANARY);
    expectNoCanary(await panel.content());
    await panel.close();
    await chat.close();
  });
});

describe('a temporary chat (site-interface 10.12)', () => {
  test('the side panel follows it by what its stream names, says it is temporary, and exports it so', async ({
    lens,
  }) => {
    const chat = await lens.openChat('/?temporary-chat=true');
    const panel = await lens.openExtensionPage('sidepanel.html', chat);
    await panel.locator('main[data-face="no-conversation"]').waitFor();
    const answered = () =>
      chat.evaluate(
        () => (window as unknown as { replicaSignedOut: { answers: number } }).replicaSignedOut.answers,
      );
    await chat.fill('textarea#prompt', 'Which trail shoes drain fastest after a river crossing?');
    await chat.click('button#send');
    await expect.poll(answered, { timeout: 20_000 }).toBe(1);

    // The address never names the chat: the panel turned to it by its stream.
    await waitForViews(lens, panel, chat, 20_000);
    expect(chat.url()).toBe('https://chatgpt.com/?temporary-chat=true');
    await expect(panel.getByTestId('temporary-chat').textContent()).resolves.toBe('Temporary chat');
    await expectSseAndQueries(panel);
    await shootEveryLook(panel, 'temporary-chat-queries');

    // Signed in, the site keeps the chat while it lasts: its tree says it is temporary, and so does the export.
    const markdown = await exportFromMenu(panel, 'Export Markdown');
    expect(markdown).toContain("_A temporary chat: it is not in ChatGPT's history._");
    expect(markdown).toContain('Which trail shoes drain fastest after a river crossing?');
    expect(markdown).toContain('About “Which trail shoes drain fastest after a river crossing?”');
    expectNoCanary(await panel.content());
    await panel.close();
    await chat.close();
  });
});

describe('a transient chat page (site-interface 10.12)', () => {
  test('the side panel follows a new chat at /c/WEB:<id> by its stream, and keeps it when the page moves to its real address', async ({
    lens,
  }) => {
    const chat = await lens.openChat('/c/WEB:7f3a-new-chat');
    const panel = await lens.openExtensionPage('sidepanel.html', chat);
    await panel.locator('main[data-face="no-conversation"]').waitFor();
    const page = () =>
      chat.evaluate(
        () =>
          (window as unknown as { replicaSignedOut: { answers: number; conversationId: string | null } })
            .replicaSignedOut,
      );
    const question = 'Which trail shoes drain fastest after a river crossing, in a new chat?';
    await chat.fill('textarea#prompt', question);
    await chat.click('button#send');
    await expect.poll(async () => (await page()).answers, { timeout: 20_000 }).toBe(1);

    // The site gave the real id, and the page moved to it without a load: the panel shows that chat.
    const { conversationId } = await page();
    expect(new URL(chat.url()).pathname).toBe(`/c/${conversationId}`);
    await waitForViews(lens, panel, chat, 20_000);
    await expectSseAndQueries(panel);
    const tabLens = await waitForLens(
      lens,
      await lens.tabIdOf(chat),
      (state) => state.conversationId !== null,
    );
    expect(tabLens).toMatchObject({ conversationId, signedOut: false });
    const markdown = await exportFromMenu(panel, 'Export Markdown');
    expect(markdown).toContain(question);
    expect(markdown).toContain(`About “${question}”`);
    expectNoCanary(await panel.content());
    await panel.close();
    await chat.close();
  });
});
