import { describe, expect, it } from 'vitest';
import { type PageEvent, type PageEventEnvelope, parsePageEvent } from '@/lib/capture/page-event';
import { installPageHook } from '@/lib/capture/page-hook';

/**
 * The MAIN-world hook over a stand-in window: Node's own fetch types (Request, Response, streams) with
 * a scripted network. What matters to the page is that it receives its responses unchanged; what
 * matters to the extension is what the hook posts.
 */
type Network = (request: Request) => Response;

class FakeSocket extends EventTarget {
  constructor(readonly url: string) {
    super();
  }
  receive(data: string): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

function fakeWindow(network: Network) {
  const posted: PageEvent[] = [];
  const listeners = new EventTarget();
  const win = {
    location: { origin: 'https://chatgpt.com', href: 'https://chatgpt.com/c/abc' },
    // A page resolves relative URLs against itself; Node's Request needs them absolute.
    fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
      network(
        input instanceof Request
          ? input
          : new Request(new URL(String(input), 'https://chatgpt.com/c/abc'), init),
      ),
    postMessage(envelope: PageEventEnvelope, targetOrigin: string) {
      expect(targetOrigin).toBe('https://chatgpt.com');
      const event = parsePageEvent(envelope);
      if (event) posted.push(event);
    },
    WebSocket: FakeSocket,
    history: { pushState() {}, replaceState() {} },
    addEventListener: listeners.addEventListener.bind(listeners),
  };
  installPageHook(win as unknown as Window & typeof globalThis);
  return { win, posted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * A body that sends `text` and, a moment later, fails, as a connection dropped mid-stream does. (An
 * error errors both branches of a cloned body at once and drops what a branch has not read yet, so the
 * cut comes after the data, as it does on a network.)
 */
function cutOffBody(text: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    async pull(controller) {
      if (sent) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.error(new TypeError('network error'));
        return;
      }
      sent = true;
      controller.enqueue(new TextEncoder().encode(text));
    },
  });
}

describe('installPageHook', () => {
  it('hands the page its response unchanged and posts a copy', async () => {
    const body = JSON.stringify({ mapping: {}, title: 'Trip' });
    const { win, posted } = fakeWindow(
      () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    );
    const response = await win.fetch('/backend-api/conversation/abc');
    expect(await response.text()).toBe(body);
    await settle();
    expect(posted).toEqual([
      expect.objectContaining({
        type: 'response',
        endpoint: 'conversation-tree',
        conversationId: 'abc',
        status: 200,
        body,
        truncated: false,
      }),
    ]);
  });

  it('never copies the session response, which holds the access token', async () => {
    const { win, posted } = fakeWindow(() => new Response('{"accessToken":"canary-access-token-x"}'));
    await (await win.fetch('/api/auth/session')).text();
    await settle();
    expect(posted).toEqual([]);
  });

  it('keeps what arrived of a cut-off stream and says so, while the page sees the same failure', async () => {
    const { win, posted } = fakeWindow(
      () =>
        new Response(cutOffBody('data: {"a":1}\n\n'), { headers: { 'content-type': 'text/event-stream' } }),
    );
    const response = await win.fetch('/backend-api/f/conversation', { method: 'POST', body: '{}' });
    await expect(response.text()).rejects.toThrow();
    await settle();
    expect(posted).toEqual([
      expect.objectContaining({ endpoint: 'submit-prompt', body: 'data: {"a":1}\n\n', truncated: true }),
    ]);
  });

  it('keeps the request body of a product refresh, also when given as a Request', async () => {
    const seen: string[] = [];
    const { win, posted } = fakeWindow((request) => {
      void request.text().then((text) => seen.push(text));
      return new Response('data: [DONE]\n\n');
    });
    const request = new Request('https://chatgpt.com/backend-api/search/product_update', {
      method: 'POST',
      body: '{"product_query":"q"}',
    });
    await (await win.fetch(request)).text();
    await settle();
    // The network still received the body the hook read a copy of.
    expect(seen).toEqual(['{"product_query":"q"}']);
    expect(posted).toEqual([
      expect.objectContaining({
        endpoint: 'product-update',
        method: 'POST',
        requestBody: '{"product_query":"q"}',
      }),
    ]);
  });

  it('ignores other sites and paths', async () => {
    const { win, posted } = fakeWindow(() => new Response('{}'));
    await win.fetch('https://example.com/backend-api/conversation/abc');
    await win.fetch('/backend-api/settings');
    await settle();
    expect(posted).toEqual([]);
  });

  it('passes stream-item frames of the WebSocket on, and nothing else', () => {
    const { win, posted } = fakeWindow(() => new Response('{}'));
    const socket = new win.WebSocket('wss://chatgpt.com/ws') as FakeSocket;
    socket.receive('{"type":"stream-item","conversation_id":"abc"}');
    socket.receive('{"type":"presence"}');
    expect(posted).toEqual([
      {
        type: 'websocket-frame',
        url: 'wss://chatgpt.com/ws',
        data: '{"type":"stream-item","conversation_id":"abc"}',
      },
    ]);
  });
});
