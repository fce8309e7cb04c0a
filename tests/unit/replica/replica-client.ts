import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { WebSocket } from 'ws';
import { type Replica, startReplica } from '@/tests/replica/server';

/** A response as read off the wire; `cutOff` when the connection broke before the body ended. */
export interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  cutOff: boolean;
  /** Epoch ms of each body chunk's arrival. */
  chunkTimes: number[];
}

export interface WireRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One HTTPS request to a running replica, accepting its self-signed certificate. */
export function call(replica: Replica, path: string, options: WireRequest = {}): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: replica.port,
        servername: 'chatgpt.com',
        path,
        method: options.method ?? 'GET',
        headers: { host: 'chatgpt.com', ...options.headers },
        rejectUnauthorized: false,
      },
      (response) => {
        let text = '';
        const chunkTimes: number[] = [];
        const finish = (cutOff: boolean): void =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, cutOff, chunkTimes });
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          chunkTimes.push(Date.now());
        });
        response.on('end', () => finish(false));
        response.on('aborted', () => finish(true));
        response.on('error', () => finish(true));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Headers of a call the extension makes: its token, and Sec-Fetch-Site: none. */
export const asExtension = (replica: Replica): Record<string, string> => ({
  authorization: `Bearer ${replica.accessToken}`,
  'sec-fetch-site': 'none',
});

/** Headers of a call the chat page makes. */
export const asPage = (replica: Replica): Record<string, string> => ({
  authorization: `Bearer ${replica.accessToken}`,
  'sec-fetch-site': 'same-origin',
});

export const json = (response: WireResponse): Record<string, unknown> =>
  JSON.parse(response.text) as Record<string, unknown>;

/** The page's composer submitting a prompt in a conversation (site-interface 4.5), read to its end. */
export const submitPrompt = (replica: Replica, conversationId: string, text: string): Promise<WireResponse> =>
  call(replica, '/backend-api/f/conversation', {
    method: 'POST',
    headers: { ...asPage(replica), 'content-type': 'application/json' },
    body: JSON.stringify({
      action: 'next',
      conversation_id: conversationId,
      messages: [
        { id: randomUUID(), author: { role: 'user' }, content: { content_type: 'text', parts: [text] } },
      ],
    }),
  });

/** A WebSocket open on the replica as `host` asks for it (the live site's socket is on ws.chatgpt.com). */
export interface OpenSocket {
  /** Every text frame received so far. */
  frames: string[];
  send(command: unknown): void;
  close(): void;
}

export function openSocket(replica: Replica, host: string, path: string): Promise<OpenSocket> {
  const socket = new WebSocket(`wss://127.0.0.1:${replica.port}${path}`, {
    rejectUnauthorized: false,
    headers: { host },
  });
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(String(data)));
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        frames,
        send: (command) => socket.send(JSON.stringify(command)),
        close: () => socket.close(),
      }),
    );
    socket.once('error', reject);
  });
}

/** One replica for a test file, reset before each test (its overrides and request log) and closed after. */
export function replicaPerFile(): { readonly replica: Replica } {
  const started = {} as { replica: Replica };
  beforeAll(async () => {
    started.replica = await startReplica();
  });
  beforeEach(async () => {
    await call(started.replica, '/__replica/reset', { method: 'POST' });
  });
  afterAll(() => started.replica.close());
  return started;
}
