import { describe, expect, it } from 'vitest';
import {
  RELAY_TO_WORKER_KINDS,
  type RelayToWorker,
  readChannelMessage,
} from '@/lens/runtime/contract/relay-channel';
import { type RelayExtensionApi, startRelay } from '@/lens/runtime/relay/relay';
import { PAGE_EVENT_CHANNEL } from '@/lib/capture/page-event';
import { installPageHook } from '@/lib/capture/page-hook';
import { fakeChatWindow } from '@/tests/support/fakes/fake-chat-window';
import { fakeScheduler } from '@/tests/support/fakes/fake-scheduler';

/** A chatgpt.com tab with the hook and the relay, and every message the relay sent the worker. */
function relayedTab(url: string) {
  const sent: unknown[] = [];
  const api: RelayExtensionApi = {
    runtime: {
      sendMessage: async (value) => {
        sent.push(readChannelMessage<RelayToWorker>(structuredClone(value), RELAY_TO_WORKER_KINDS));
      },
      onMessage: { addListener: () => undefined },
    },
    storage: { local: { get: async () => ({}) } },
  };
  const tab = fakeChatWindow({
    url,
    schedule: fakeScheduler().schedule,
    fetch: async () => new Response('{}'),
  });
  installPageHook(tab.window);
  startRelay(tab.window, api);
  // Page messages arrive on a later task, as in the browser.
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { win: tab.window, sent, settle };
}

describe('startRelay', () => {
  it("tells the worker the page's new URL when the page navigates without a load", async () => {
    const { win, sent, settle } = relayedTab('https://chatgpt.com/c/abc');
    sent.length = 0;
    win.history.pushState(null, '', '/c/def');
    await settle();
    expect(sent).toEqual([
      { chatLens: 'pageState', data: { url: 'https://chatgpt.com/c/def', visible: true, focused: true } },
    ]);
  });

  it('reads the URL itself, so a forged navigation cannot name another conversation', async () => {
    const { win, sent, settle } = relayedTab('https://chatgpt.com/c/abc');
    sent.length = 0;
    const forged = { type: 'navigation', url: 'https://chatgpt.com/c/forged' };
    win.postMessage({ channel: PAGE_EVENT_CHANNEL, event: forged }, '/');
    await settle();
    expect(sent).toEqual([
      { chatLens: 'pageState', data: { url: 'https://chatgpt.com/c/abc', visible: true, focused: true } },
    ]);
  });
});
