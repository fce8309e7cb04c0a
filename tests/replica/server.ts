import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { AccountOptions } from '@/tests/replica/fixtures/account-history';
import { createCredentials, REPLICA_TOKEN_PREFIX } from './auth';
import { makeCertificate } from './certificate';
import { dispatch } from './dispatch';
import { LIVE_SOCKET_HOST, LIVE_SOCKET_PATH } from './live-wire';
import type { ReplicaOverride } from './overrides';
import { ReplicaState } from './replica-state';
import type { ReplicaRequestRecord, RequestFilter } from './request-log';
import { type SocketForm, WebSocketHub } from './websocket';

export type { AccountOptions } from '@/tests/replica/fixtures/account-history';
export type { RateLimitRule, ReplicaOverride } from './overrides';
export type { ReplicaRequestRecord, RequestFilter } from './request-log';
export { REPLICA_TOKEN_PREFIX };

export interface ReplicaOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The loopback address to listen on, 127.0.0.1 by default. */
  address?: string;
  /** How long the 'slow' scenario waits before each backend response (default 1500 ms). */
  slowMs?: number;
}

export interface Replica {
  port: number;
  /** The access token of this run (starts with REPLICA_TOKEN_PREFIX). */
  accessToken: string;
  requests(filter?: RequestFilter): ReplicaRequestRecord[];
  clearRequests(): void;
  /** Override the behaviour for one conversation id ('*' for all) at run time; null removes it. */
  setOverride(conversationId: string, override: ReplicaOverride | null): void;
  /** The HTML GET /__replica/test-page serves (null: 404), a page on the chat site's origin. */
  setTestPage(html: string | null): void;
  /** How many small generated conversations the account's history holds (account-history.ts). */
  setGeneratedCount(count: number): void;
  /** What the account's history lists: `generated` small conversations, and the scenarios unless false. */
  setAccount(options: AccountOptions): void;
  /**
   * Each conversation named (generated or scenario), in order, changes now: its update time becomes later
   * than every other item's, strictly increasing call by call, so it tops the list by update; its messages
   * answer gains a plain turn ("Follow-up question N") and shows the same update time. Throws on an id the
   * replica does not hold.
   */
  changeConversations(conversationIds: string[]): void;
  /** What the test page posted to /__replica/report next, as parsed JSON (undefined if it was not JSON). */
  nextReport(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Which socket an upgrade asks for. The live site's socket is on another host (site-interface 10.1), which
 * Chromium reaches here too (tests/support/launch-browser.ts maps it), so the Host header tells them apart.
 */
function socketFormOf(request: IncomingMessage): SocketForm | null {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  const path = new URL(request.url ?? '/', 'https://chatgpt.com').pathname;
  if (host === LIVE_SOCKET_HOST) return path === LIVE_SOCKET_PATH ? 'live' : null;
  return path === '/ws/chat' ? 'document' : null;
}

/**
 * The local replica of https://chatgpt.com (and of its socket host ws.chatgpt.com): HTTPS and WebSocket on
 * 127.0.0.1 with a certificate made at start. Chromium reaches it as chatgpt.com with
 * --host-resolver-rules and --ignore-certificate-errors.
 */
export async function startReplica(options: ReplicaOptions = {}): Promise<Replica> {
  const credentials = createCredentials();
  const state = new ReplicaState();
  const hub = new WebSocketHub();
  const now = (): number => Date.now();
  const server = createServer(await makeCertificate(), (request, response) => {
    dispatch({ request, response, state, credentials, hub, now, slowMs: options.slowMs ?? 1500 }).catch(
      (error: unknown) => {
        console.error('replica: request failed', error);
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: 'Internal replica error' }));
      },
    );
  });
  // Node closes a connection idle for 5 s, and a client starved that long on a busy machine could send its
  // next request on it just as it closed, to fail on a reset: the replica keeps an idle connection open
  // until the client or the replica's close ends it.
  server.keepAliveTimeout = 0;
  server.on('upgrade', (request, socket, head) => {
    const form = socketFormOf(request);
    if (form === null) {
      socket.destroy();
      return;
    }
    state.log.add(request, { authorized: false, conversationId: null, now: now() }, null, 101);
    hub.accept(request, socket, head, form);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.address ?? '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    accessToken: credentials.accessToken,
    requests: (filter) => state.log.list(filter),
    clearRequests: () => state.log.clear(),
    setGeneratedCount: (count) => state.setGeneratedCount(count),
    setAccount: (options) => state.setAccount(options),
    changeConversations: (conversationIds) => state.changeConversations(conversationIds, now()),
    setOverride: (conversationId, override) => state.setOverride(conversationId, override),
    setTestPage: (html) => {
      state.testPages.html = html;
    },
    nextReport: () => state.testPages.nextReport(),
    close: () =>
      new Promise<void>((resolve) => {
        hub.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
