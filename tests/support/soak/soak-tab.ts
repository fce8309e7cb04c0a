import { AccountHolding } from '@/lens/holding/account-holding';
import {
  RELAY_TO_WORKER_KINDS,
  type RelayToWorker,
  readChannelMessage,
} from '@/lens/runtime/contract/relay-channel';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { type RelayExtensionApi, startRelay } from '@/lens/runtime/relay/relay';
import { createLensWorker, deliverFromRelay, type LensWorker } from '@/lens/runtime/worker/lens-worker';
import { installPageHook } from '@/lib/capture/page-hook';
import { type StoredConversation, treeResponse } from '@/tests/replica/fixtures/formats';
import { clientOver, type Handler } from '@/tests/support/fakes/fake-backend';
import { fakeChatWindow } from '@/tests/support/fakes/fake-chat-window';
import { fakeScheduler } from '@/tests/support/fakes/fake-scheduler';
import { fakeSessionArea, tabLensStoreOver } from '@/tests/support/fakes/fake-session-area';
import { replicaHandler } from '@/tests/support/fakes/replica-backend';
import { replicaWithAds } from '@/tests/support/fakes/runtime-backend';

export const SOAK_TAB = 11;
/** The replica's client polls the tree this often while the tab is visible (site-interface 4.2). */
export const PAGE_POLL_MS = 5_000;
/** Virtual time moves in steps this long; the work each step started settles before the next. */
const STEP_MS = 100;

/** One of the extension's own requests, on the virtual clock. */
export interface OwnRequest {
  at: number;
  path: string;
  before: string | null;
}

const CONVERSATION_PATH = /^\/backend-api\/conversations?\//;

/**
 * The replica over one built copy of the conversation: the tree answers the same bytes every poll, as
 * the site's does for an unchanged conversation, and nothing is rebuilt per request.
 */
function replicaOf(conversation: StoredConversation): Handler {
  const conversations = replicaHandler((id) => (id === conversation.id ? conversation : undefined));
  const treePath = `/backend-api/conversation/${conversation.id}`;
  const treeBytes = new TextEncoder().encode(JSON.stringify(treeResponse(conversation)));
  const others = replicaWithAds();
  return (request) => {
    if (request.url.pathname === treePath)
      return new Response(treeBytes, { headers: { 'content-type': 'application/json' } });
    if (CONVERSATION_PATH.test(request.url.pathname)) return conversations(request);
    return others(request);
  };
}

/**
 * A visible chatgpt.com tab on `conversation`, in Node, with every part of the extension that runs for
 * it: the page hook wrapping the page's fetch, the relay with its 12 s fallback clock, and the worker
 * (the lens worker over the backend client, the one governor, the holding, the snapshot and the tab
 * lens written to a session area), all on one virtual clock. The page is the replica's client: it
 * loads the conversation (tree, newest messages page, /me, ads) and polls the tree every 5 s while the
 * tab is visible, unless told to stop. Nothing here is a stand-in for the extension's own code.
 */
export function soakTab(conversation: StoredConversation) {
  const timers = fakeScheduler();
  const replica = replicaOf(conversation);
  const ownRequests: OwnRequest[] = [];
  const backend = clientOver(
    (request) => {
      ownRequests.push({
        at: timers.now(),
        path: request.url.pathname,
        before: request.url.searchParams.get('before'),
      });
      return replica(request);
    },
    undefined,
    timers,
  );
  const area = fakeSessionArea();
  const worker: LensWorker = createLensWorker({
    client: backend.client,
    governor: backend.governor,
    account: new AccountHolding(),
    store: tabLensStoreOver(area),
    now: timers.now,
    schedule: timers.schedule,
    sleep: timers.sleep,
    random: () => 0.5,
  });

  // The worker's side of the relay channel, as background-main.ts wires it; runtime messages are copies.
  let deliveries = 0;
  const api: RelayExtensionApi = {
    runtime: {
      sendMessage: async (value) => {
        const message = readChannelMessage<RelayToWorker>(structuredClone(value), RELAY_TO_WORKER_KINDS);
        if (message === null) return undefined;
        deliveries += 1;
        await deliverFromRelay(worker, SOAK_TAB, message).finally(() => {
          deliveries -= 1;
        });
        return undefined;
      },
      onMessage: { addListener: () => undefined },
    },
    storage: { local: { get: async () => ({}) } },
  };

  let pageRequests = 0;
  const tab = fakeChatWindow({
    url: `https://chatgpt.com/c/${conversation.id}`,
    schedule: timers.schedule,
    fetch: async (input, init) => {
      pageRequests += 1;
      const url = new URL(String(input), 'https://chatgpt.com');
      return replica({ url, authorization: new Headers(init?.headers).get('authorization') });
    },
  });
  const win = tab.window;
  // document_start: the hook is in place before the page's first call; then the relay starts.
  installPageHook(win);
  startRelay(win, api);

  // The page reads every body it asked for (the hook copies a clone of it); what it renders is not ours.
  const pageGet = async (path: string): Promise<void> => {
    const response = await win.fetch(path);
    await response.arrayBuffer();
  };
  let polling = true;
  const pollTree = (): void => {
    win.setTimeout(pollTree, PAGE_POLL_MS);
    if (polling && win.document.visibilityState === 'visible')
      void pageGet(`/backend-api/conversation/${conversation.id}`);
  };

  /**
   * Lets the work started so far finish (fetches, message deliveries, refreshes): turns of the event
   * loop until nothing is in flight and no request was sent for a few turns.
   */
  const settle = async (): Promise<void> => {
    let quiet = 0;
    let seen = -1;
    for (let turn = 0; turn < 1_000 && quiet < 3; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      const sent = ownRequests.length + pageRequests;
      quiet = deliveries === 0 && sent === seen ? quiet + 1 : 0;
      seen = sent;
    }
  };

  return {
    timers,
    area,
    worker,
    ownRequests,
    tokenRequests: () => backend.requests.length - backend.backendRequests().length,
    /** The page opens the conversation as the replica's client does, then polls the tree. */
    async open(): Promise<void> {
      const id = conversation.id;
      for (const path of [
        `/backend-api/conversation/${id}`,
        `/backend-api/conversations/${id}?include_has_versions=true&num_turns=100`,
        '/backend-api/me',
        `/backend-api/bazaar/conversation/${id}/ads`,
      ])
        await pageGet(path);
      win.setTimeout(pollTree, PAGE_POLL_MS);
      await settle();
    },
    /** The page stops or resumes its tree polls (the replica's `?tree_poll=off`). */
    setPagePolling(on: boolean): void {
      polling = on;
    },
    async setVisible(visible: boolean): Promise<void> {
      tab.setVisible(visible);
      await settle();
    },
    /** Moves virtual time on by `ms`, letting what each step started settle. */
    async run(ms: number): Promise<void> {
      for (let passed = 0; passed < ms; passed += STEP_MS) {
        timers.advance(Math.min(STEP_MS, ms - passed));
        await settle();
      }
    },
    async lens(): Promise<TabLens | null> {
      return tabLensStoreOver(area).read(SOAK_TAB);
    },
    /** Timers pending in the worker and in the page together: a pile-up shows here. */
    pendingTimers: () => timers.pending(),
  };
}

export type SoakTab = ReturnType<typeof soakTab>;
