import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { Readable } from 'node:stream';
import { parseHTML } from 'linkedom';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { Replica } from '@/tests/replica/server';
import { call } from './replica-client';

/**
 * The replica's chat page (tests/replica/client/replica-client.js) run in Node: its HTML in a linkedom
 * document, and a fetch and a WebSocket that reach the running replica as the browser does, as
 * chatgpt.com and ws.chatgpt.com. Enough to see the page read an answer stream, without a browser.
 */
const CLIENT = readFileSync(new URL('../../replica/client/replica-client.js', import.meta.url), 'utf8');

/** What the page script keeps on window.__replica. */
export interface PageState {
  loaded: boolean;
  lastAnswer: string | null;
  transport: string | null;
  errors: string[];
}

export interface ChatPage {
  state: PageState;
  document: Document;
  /** Types a prompt and sends it; resolves when the page has an answer or an error. */
  ask(prompt: string): Promise<PageState>;
  /** The text of each message the thread shows, by role. */
  thread(): Array<{ role: string; text: string }>;
  /** Closes the page's socket. */
  close(): void;
}

/** A fetch for the page: HTTPS to the replica as chatgpt.com, its session cookie sent along. */
function pageFetch(replica: Replica, cookie: string) {
  return (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: replica.port,
          servername: 'chatgpt.com',
          path,
          method: init.method ?? 'GET',
          headers: { host: 'chatgpt.com', cookie, 'sec-fetch-site': 'same-origin', ...init.headers },
          rejectUnauthorized: false,
        },
        (incoming) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          const status = incoming.statusCode ?? 0;
          const body = status === 204 ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, headers }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(init.body);
    });
}

/** A WebSocket for the page: the replica, asked for the host the page names (ws.chatgpt.com, chatgpt.com). */
function pageSocket(replica: Replica, opened: WebSocket[]) {
  return function PageSocket(address: string): WebSocket {
    const url = new URL(address);
    const socket = new WebSocket(`wss://127.0.0.1:${replica.port}${url.pathname}`, {
      rejectUnauthorized: false,
      headers: { host: url.host },
    });
    opened.push(socket);
    return socket;
  };
}

/** Opens the chat page of a conversation, with its tree poll off, and waits for it to load. */
export async function openChatPage(replica: Replica, conversationId: string): Promise<ChatPage> {
  const page = await call(replica, `/c/${conversationId}`);
  const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const { document, window } = parseHTML(page.text);
  const sockets: WebSocket[] = [];
  const pageWindow = { fetch: pageFetch(replica, cookie) } as { fetch: unknown; __replica?: PageState };
  const run = new Function('window', 'document', 'location', 'fetch', 'WebSocket', CLIENT);
  run(
    pageWindow,
    document,
    { host: 'chatgpt.com', search: '?tree_poll=off' },
    pageWindow.fetch,
    pageSocket(replica, sockets),
  );
  const state = pageWindow.__replica as PageState;
  await expect.poll(() => state.loaded, { timeout: 10_000 }).toBe(true);
  return {
    state,
    document: document as unknown as Document,
    async ask(prompt) {
      const answersBefore = state.lastAnswer;
      const errorsBefore = state.errors.length;
      (document.getElementById('prompt') as unknown as { value: string }).value = prompt;
      document.getElementById('composer')?.dispatchEvent(new window.Event('submit'));
      await expect
        .poll(() => state.lastAnswer !== answersBefore || state.errors.length > errorsBefore, {
          timeout: 15_000,
        })
        .toBe(true);
      return state;
    },
    thread: () =>
      [...document.querySelectorAll('#thread .message')].map((element) => ({
        role: element.classList.contains('user') ? 'user' : 'assistant',
        text: element.textContent ?? '',
      })),
    close() {
      for (const socket of sockets) socket.close();
    },
  };
}
