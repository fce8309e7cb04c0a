import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the replica's chat page script reports on window.__replica (tests/replica/client/replica-client.js). */
export interface ReplicaClientState {
  bootFetchWasNative: boolean;
  loaded: boolean;
  productRefreshes: number;
  lastAnswer: string | null;
  transport: 'sse' | 'websocket' | null;
  errors: string[];
}

/** A chat page as either driver holds it (Playwright's for Chromium, puppeteer's for Firefox). */
interface ChatPage {
  evaluate(script: () => unknown): Promise<unknown>;
}

export const clientState = async (page: ChatPage): Promise<ReplicaClientState> =>
  (await page.evaluate(
    () => (window as unknown as { __replica: ReplicaClientState }).__replica,
  )) as ReplicaClientState;

export async function waitForClient(
  page: ChatPage,
  ready: (state: ReplicaClientState) => boolean,
): Promise<ReplicaClientState> {
  await expect
    .poll(async () => ready(await clientState(page)), { timeout: 20_000, interval: 100 })
    .toBe(true);
  return clientState(page);
}

/** Types a prompt into the chat page and waits for its answer (or for what `ended` waits for instead). */
export async function askPrompt(
  page: Page,
  prompt: string,
  ended: (state: ReplicaClientState) => boolean = (state) => state.lastAnswer !== null,
): Promise<ReplicaClientState> {
  await page.fill('textarea#prompt', prompt);
  await page.click('button#send');
  return waitForClient(page, ended);
}
