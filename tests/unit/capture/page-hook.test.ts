import { describe, expect, it } from 'vitest';
import { isSignedOutSubmit } from '@/lib/capture/endpoint';
import { type HookEvent, type PageEventEnvelope, parsePageEvent } from '@/lib/capture/page-event';
import { installPageHook } from '@/lib/capture/page-hook';
import { events, sseFrame } from '@/tests/replica/answer-stream';
import {
  liveEvents,
  RESUME_TOKEN_CANARY,
  streamItem,
  subscribeReply,
  topicMessage,
} from '@/tests/replica/live-wire';
import { MOBILE_WEB_HTML, mobileWebFrames } from '@/tests/replica/mobile-web-answer';
import { MOBILE_WEB_SAMPLE } from '@/tests/unit/fixtures/mobile-web';
import { ALL_CANARIES, everyResumeEvent, prepareAnswer } from '@/tests/unit/fixtures/resume-canaries';

/**
 * The MAIN-world hook over a stand-in window: Node's own fetch types (Request, Response, streams) with
 * a scripted network. What matters to the page is that it receives its responses unchanged; what
 * matters to the extension is what the hook posts.
 */
type Network = (request: Request) => Response;

/** A socket class of the stand-in window's own (the hook marks its prototype, as it does the page's). */
function fakeSocketClass() {
  return class WebSocket extends EventTarget {
    static readonly OPEN = 1;
    constructor(readonly url: string) {
      super();
      if (!url.startsWith('wss://')) throw new SyntaxError(`The URL '${url}' is invalid.`);
    }
    receive(data: unknown): void {
      this.dispatchEvent(new MessageEvent('message', { data }));
    }
  };
}

/** The page is idle at once here; in a browser the copy waits until the page's own work is done. */
const idleAtOnce = (run: () => void): void => void setTimeout(run, 0);

function fakeWindow(network: Network, requestIdleCallback = idleAtOnce) {
  const posted: HookEvent[] = [];
  const listeners = new EventTarget();
  const location = { origin: 'https://chatgpt.com', href: 'https://chatgpt.com/c/abc' };
  // A same-document navigation: the URL changes, nothing is loaded.
  const navigate = (_state: unknown, _title: string, url: string): void => {
    location.href = new URL(url, location.href).href;
  };
  const win = {
    location,
    // A page resolves relative URLs against itself; Node's Request needs them absolute.
    fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
      network(input instanceof Request ? input : new Request(new URL(String(input), location.href), init)),
    postMessage(envelope: PageEventEnvelope, targetOrigin: string) {
      // The page's own origin only.
      expect(targetOrigin).toBe('/');
      const event = parsePageEvent(envelope);
      if (event) posted.push(event);
    },
    WebSocket: fakeSocketClass(),
    history: { pushState: navigate, replaceState: navigate },
    requestIdleCallback,
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

  it('runs none of its own steps on a JSON body until the page is idle, then copies it whole', async () => {
    const parts = ['{"mapping":{},', '"title":', '"Trip"}'];
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          const part = parts[pulls - 1];
          if (part === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(part));
        },
      },
      { highWaterMark: 0 },
    );
    const idleCallbacks: (() => void)[] = [];
    const { win, posted } = fakeWindow(
      () => new Response(body),
      (run) => idleCallbacks.push(run),
    );
    const response = await win.fetch('/backend-api/conversation/abc');
    await settle();
    // The browser reads the copy as the bytes come, while the page reads the same body in full.
    expect(await response.text()).toBe(parts.join(''));
    await settle();
    expect(pulls).toBe(parts.length + 1);
    expect(posted).toEqual([]);
    while (idleCallbacks.length > 0) {
      idleCallbacks.shift()?.();
      await settle();
    }
    expect(posted).toEqual([expect.objectContaining({ body: parts.join(''), truncated: false })]);
  });

  it('says a JSON body was cut off, while the page sees the same failure', async () => {
    const { win, posted } = fakeWindow(() => new Response(cutOffBody('{"mapping":{')));
    const response = await win.fetch('/backend-api/conversation/abc');
    await expect(response.text()).rejects.toThrow();
    await settle();
    expect(posted).toEqual([expect.objectContaining({ endpoint: 'conversation-tree', truncated: true })]);
  });

  it("copies a 429's Retry-After, the wait the extension must respect too", async () => {
    const { win, posted } = fakeWindow(
      () => new Response('{"detail":"slow down"}', { status: 429, headers: { 'Retry-After': '30' } }),
    );
    await (await win.fetch('/backend-api/conversation/abc')).text();
    await settle();
    expect(posted).toEqual([expect.objectContaining({ status: 429, retryAfter: '30' })]);
  });

  it('posts a tree poll that repeats the last body without it, and a changed one whole', async () => {
    const bodies = ['{"mapping":{},"title":"A"}', '{"mapping":{},"title":"A"}', '{"mapping":{},"title":"B"}'];
    const { win, posted } = fakeWindow(() => new Response(bodies.shift()));
    for (let poll = 0; poll < 3; poll += 1) {
      // The page reads each poll in full, as without the hook.
      expect(await (await win.fetch('/backend-api/conversation/abc')).json()).toHaveProperty('mapping');
      await settle();
    }
    const url = '/backend-api/conversation/abc';
    expect(posted).toEqual([
      expect.objectContaining({ type: 'response', url, body: '{"mapping":{},"title":"A"}' }),
      { type: 'unchanged', endpoint: 'conversation-tree', conversationId: 'abc', url },
      expect.objectContaining({ type: 'response', url, body: '{"mapping":{},"title":"B"}' }),
    ]);
  });

  it("posts a tree whole when the same bytes come from another conversation's URL, or only begin alike", async () => {
    const bodies = ['{"mapping":{}}', '{"mapping":{}}', '{"mapping":{}} '];
    const { win, posted } = fakeWindow(() => new Response(bodies.shift()));
    for (const id of ['abc', 'def', 'def']) {
      await (await win.fetch(`/backend-api/conversation/${id}`)).text();
      await settle();
    }
    expect(posted.map((event) => [event.type, event.type === 'response' && event.body])).toEqual([
      ['response', '{"mapping":{}}'],
      ['response', '{"mapping":{}}'],
      ['response', '{"mapping":{}} '],
    ]);
  });

  it('posts a repeated failure whole: only a tree that loaded can be unchanged', async () => {
    const { win, posted } = fakeWindow(() => new Response('{"detail":"busy"}', { status: 429 }));
    for (let poll = 0; poll < 2; poll += 1) {
      await (await win.fetch('/backend-api/conversation/abc')).text();
      await settle();
    }
    expect(posted.map((event) => event.type === 'response' && event.status)).toEqual([429, 429]);
  });

  it('never copies the session response, which holds the access token', async () => {
    const { win, posted } = fakeWindow(() => new Response('{"accessToken":"canary-access-token-x"}'));
    await (await win.fetch('/api/auth/session')).text();
    await settle();
    expect(posted).toEqual([]);
  });

  it('keeps what arrived of a cut-off stream and says so, while the page sees the same failure', async () => {
    const { win, posted } = fakeWindow(
      () => new Response(cutOffBody(answerBody), { headers: { 'content-type': 'text/event-stream' } }),
    );
    const response = await win.fetch('/backend-api/f/conversation', { method: 'POST', body: '{}' });
    await expect(response.text()).rejects.toThrow();
    await settle();
    expect(posted).toEqual([
      {
        type: 'answer-stream',
        stream: expect.any(Number),
        status: 200,
        text: answerBody,
        ended: false,
        truncated: false,
        url: '/backend-api/f/conversation',
        // The submit's body, reduced to what joins its stream to an answer: here, nothing.
        request: '{}',
      },
      {
        type: 'answer-stream',
        stream: expect.any(Number),
        status: 200,
        text: '',
        ended: true,
        truncated: true,
        url: '/backend-api/f/conversation',
        request: '{}',
      },
    ]);
  });

  it('names the submit call of each answer stream, so a chat used signed out is told apart', async () => {
    const { win, posted } = fakeWindow(
      () => new Response(answerBody, { headers: { 'content-type': 'text/event-stream' } }),
    );
    await (await win.fetch('/backend-anon/f/conversation', { method: 'POST', body: '{}' })).text();
    await (await win.fetch('/backend-api/f/conversation', { method: 'POST', body: '{}' })).text();
    await settle();
    const ended = posted.filter((event) => event.type === 'answer-stream' && event.ended);
    expect(ended.map((event) => event.type === 'answer-stream' && isSignedOutSubmit(event.url))).toEqual([
      true,
      false,
    ]);
  });

  it('passes an answer stream on as it arrives, whole events only, and numbers each stream', async () => {
    const pieces = ['data: {"v": "Hel', 'lo"}\n\ndata: {"v": " there"}\n', '\ndata: [DONE]\n\n'];
    const { win, posted } = fakeWindow(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              const piece = pieces.shift();
              if (piece === undefined) controller.close();
              else controller.enqueue(new TextEncoder().encode(piece));
            },
          }),
        ),
    );
    await (await win.fetch('/backend-api/f/conversation', { method: 'POST', body: '{}' })).text();
    await (await win.fetch('/backend-api/f/conversation', { method: 'POST', body: '{}' })).text();
    await settle();
    const [first, ...rest] = posted.filter((event) => event.type === 'answer-stream');
    expect(first).toMatchObject({ text: 'data: {"v": "Hello"}\n\n', ended: false });
    expect(rest.map((event) => event.type === 'answer-stream' && event.text).join('')).toContain(
      'data: {"v": " there"}\n\ndata: [DONE]\n\n',
    );
    const streams = new Set(posted.map((event) => event.type === 'answer-stream' && event.stream));
    expect(streams.size).toBe(2);
  });

  it("passes the submit call's body on without its resume token: the page gets it, the extension never", async () => {
    const handoff =
      liveEvents.deltaEncoding() +
      liveEvents.resumeToken('c-live') +
      liveEvents.handoff('c-live', 'conversation-turn-t1') +
      liveEvents.done();
    const { win, posted } = fakeWindow(
      () => new Response(handoff, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const response = await win.fetch('https://chatgpt.com/backend-api/f/conversation', {
      method: 'POST',
      body: '{"action":"next"}',
    });
    expect(await response.text()).toBe(handoff);
    await settle();
    const text = posted.map((event) => (event.type === 'answer-stream' ? event.text : '')).join('');
    expect(text).toBe(
      liveEvents.deltaEncoding() + liveEvents.handoff('c-live', 'conversation-turn-t1') + liveEvents.done(),
    );
    expect(posted.at(-1)).toMatchObject({ type: 'answer-stream', ended: true, truncated: false });
    expect(JSON.stringify(posted)).not.toContain(RESUME_TOKEN_CANARY);
  });

  it('copies a resumed stream as it arrives, \r\n events too, with only the conversation and offset it asks for', async () => {
    const wire = [
      'data: {"v": "Hel',
      'lo"}   \r\n\r',
      '\n: ping - 2026-10-08 06:01:15.447780+00:00\r\n\r\n',
      'data: [DONE]\r\n\r\n',
    ];
    const body = () => {
      const pieces = [...wire];
      return new ReadableStream({
        pull(controller) {
          const piece = pieces.shift();
          if (piece === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(piece));
        },
      });
    };
    const { win, posted } = fakeWindow(
      () => new Response(body(), { headers: { 'content-type': 'text/event-stream' } }),
    );
    const request = { conversation_id: 'c-resumed', offset: 7, resume_token: 'eyJ.canary-resume-body.sig' };
    for (const path of ['/backend-api/f/conversation/resume', '/backend-anon/f/conversation/resume'])
      await (await win.fetch(path, { method: 'POST', body: JSON.stringify(request) })).text();
    await settle();
    const streamed = posted.filter((event) => event.type === 'answer-stream');
    // Whole events only: the \r\n\r\n that a chunk split ends the first.
    expect(streamed[0]?.text).toMatch(/^data: \{"v": "Hello"\} {3}\r\n\r\n/);
    expect(streamed[0]?.ended).toBe(false);
    expect(
      streamed.filter((event) => event.stream === streamed[0]?.stream).map((event) => event.text),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/\r\n\r\n$/)]));
    expect(new Set(streamed.map((event) => event.request))).toEqual(
      new Set(['{"conversation_id":"c-resumed","offset":7}']),
    );
    expect(streamed.map((event) => event.url)).toContain('/backend-anon/f/conversation/resume');
    expect(JSON.stringify(posted)).not.toContain('canary-resume-body');
  });

  it('drops a handoff whose options are one object holding a resume token', async () => {
    const handoff = `data: {"type": "stream_handoff", "conversation_id": "c-1", "options": {"transport": "sse", "resume_token": "eyJ.canary-handoff.sig"}}\r\n\r\ndata: [DONE]\r\n\r\n`;
    const { win, posted } = fakeWindow(() => new Response(handoff));
    await (await win.fetch('/backend-api/f/conversation', { method: 'POST', body: '{}' })).text();
    await settle();
    const text = posted.map((event) => (event.type === 'answer-stream' ? event.text : '')).join('');
    expect(text).toBe('data: [DONE]\r\n\r\n');
  });

  it('never copies the conduit token the prepare call answers', async () => {
    const { win, posted } = fakeWindow(
      () => new Response(prepareAnswer(), { headers: { 'content-type': 'application/json' } }),
    );
    const response = await win.fetch('/backend-api/f/conversation/prepare', {
      method: 'POST',
      body: '{"partial_query":"ferries to Corvo"}',
    });
    expect(await response.text()).toBe(prepareAnswer());
    await settle();
    expect(posted).toEqual([]);
  });

  it("copies a mobile web answer with its prompt alone, never the sentinel's tokens or the conduit", async () => {
    const answer = mobileWebFrames(MOBILE_WEB_SAMPLE).join('');
    const { win, posted } = fakeWindow((request) =>
      new URL(request.url).pathname.endsWith('/prepare')
        ? new Response('{"conduit_token":"canary-conduit"}', {
            headers: { 'content-type': 'application/json' },
          })
        : new Response(answer, { headers: { 'content-type': MOBILE_WEB_HTML } }),
    );
    const form = new URLSearchParams({
      prompt: 'Which ferry reaches Corvo?',
      chatRequirementsToken: 'canary-requirements',
      proofToken: 'canary-proof',
      turnstileToken: 'canary-turnstile',
      conversationState: '{"messages":[],"parentMessageId":"client-created-root"}',
    });
    const headers = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };
    await (
      await win.fetch('/unauth-mweb/conversation/prepare?lightweight_authenticated=0', {
        method: 'POST',
        headers,
        body: form.toString(),
      })
    ).text();
    const page = await win.fetch(
      '/unauth-mweb/conversation/updates?lightweight_authenticated=0&operationId=op-1',
      {
        method: 'POST',
        headers,
        body: form.toString(),
      },
    );
    expect(await page.text()).toBe(answer);
    await settle();
    const streamed = posted.filter((event) => event.type === 'answer-stream');
    expect(streamed.map((event) => event.text).join('')).toBe(answer);
    expect(new Set(streamed.map((event) => event.request))).toEqual(
      new Set(['{"prompt":"Which ferry reaches Corvo?"}']),
    );
    expect(posted.every((event) => event.type === 'answer-stream')).toBe(true);
    expect(JSON.stringify(posted)).not.toMatch(/canary-/);
  });

  it('passes a signed-out answer on without its resume tokens, of either kind', async () => {
    const body =
      liveEvents.deltaEncoding() +
      everyResumeEvent('c-guest') +
      liveEvents.handoff('c-guest', 'conversation-turn-t1') +
      liveEvents.done();
    const { win, posted } = fakeWindow(
      () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const response = await win.fetch('/backend-anon/f/conversation', { method: 'POST', body: '{}' });
    expect(await response.text()).toBe(body);
    await settle();
    const text = posted.map((event) => (event.type === 'answer-stream' ? event.text : '')).join('');
    expect(text).toBe(
      liveEvents.deltaEncoding() + liveEvents.handoff('c-guest', 'conversation-turn-t1') + liveEvents.done(),
    );
    for (const canary of ALL_CANARIES) expect(JSON.stringify(posted)).not.toContain(canary);
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
        requestBody: '{"product_query":"q"}',
      }),
    ]);
  });

  it('hands a call of any other URL on after one test: no URL read against the page, no clone, no post', async () => {
    const clones: string[] = [];
    const { win, posted } = fakeWindow((request) => {
      const response = new Response('{}');
      response.clone = () => {
        clones.push(`response of ${request.url}`);
        return Response.prototype.clone.call(response);
      };
      return response;
    });
    // The hook reads the page's location only to resolve a URL it may copy.
    const location = win.location;
    let locationReads = 0;
    Object.defineProperty(win, 'location', {
      get: () => {
        locationReads += 1;
        return location;
      },
    });
    const request = new Request('https://chatgpt.com/backend-api/settings/user', {
      method: 'POST',
      body: '{}',
    });
    request.clone = () => {
      clones.push('request');
      return Request.prototype.clone.call(request);
    };
    expect(await (await win.fetch(request)).text()).toBe('{}');
    await win.fetch('/backend-api/models', { method: 'POST', body: '{}' });
    await settle();
    expect({ clones, locationReads, posted }).toEqual({ clones: [], locationReads: 0, posted: [] });
    await win.fetch('/backend-api/me');
    await settle();
    expect(locationReads).toBe(1);
  });

  it('ignores other sites and paths', async () => {
    const { win, posted } = fakeWindow(() => new Response('{}'));
    await win.fetch('https://example.com/backend-api/conversation/abc');
    await win.fetch('/backend-api/settings');
    await settle();
    expect(posted).toEqual([]);
  });

  it('copies every call of a URL it has seen before, and says when the page navigates, without a URL', async () => {
    const { win, posted } = fakeWindow(() => new Response('{"ok":1}'));
    await win.fetch('/backend-api/me');
    await win.fetch('/backend-api/me');
    await win.fetch('/backend-api/settings');
    await win.fetch('/backend-api/settings');
    win.history.pushState(null, '', '/c/def');
    await settle();
    expect(posted.map((event) => event.type)).toEqual(['navigation', 'response', 'response']);
    expect(posted.filter((event) => event.type === 'response').map((event) => event.endpoint)).toEqual([
      'me',
      'me',
    ]);
    expect(posted[0]).toEqual({ type: 'navigation' });
  });

  it('reads a relative URL against the page it is called from, after a navigation too', async () => {
    const { win, posted } = fakeWindow(() => new Response('{}'));
    // From /c/abc, 'backend-api/me' is /c/backend-api/me; from /, it is /backend-api/me.
    await win.fetch('backend-api/me');
    await settle();
    expect(posted).toEqual([]);
    win.history.pushState(null, '', '/');
    await win.fetch('backend-api/me');
    await settle();
    expect(posted.map((event) => (event.type === 'response' ? event.url : event.type))).toEqual([
      'navigation',
      'backend-api/me',
    ]);
  });

  it('posts the stream items of both frame forms, tokens dropped, and nothing for other frames', () => {
    const { win, posted } = fakeWindow(() => new Response('{}'));
    const socket = new win.WebSocket('wss://ws.chatgpt.com/ws/live?verify=url-token');
    const topic = 'conversation-turn-t1';
    socket.receive('{"type":"stream-item","conversation_id":"abc","data":{"sequence":1}}');
    socket.receive(
      JSON.stringify([
        topicMessage(topic, streamItem('si-1', liveEvents.resumeToken('abc'))),
        topicMessage(topic, { type: 'done' }),
      ]),
    );
    socket.receive(JSON.stringify([subscribeReply(1, topic, [])]));
    socket.receive('{"type":"presence"}');
    socket.receive(new Blob(['stream-item']));
    expect(posted).toEqual([
      {
        type: 'stream-items',
        items: [{ kind: 'stream-item', topicId: null, streamItemId: null, text: 'data: {"sequence":1}\n\n' }],
      },
      {
        type: 'stream-items',
        items: [
          { kind: 'stream-item', topicId: topic, streamItemId: 'si-1', text: '' },
          { kind: 'done', topicId: topic, streamItemId: null, text: '' },
        ],
      },
    ]);
    // Neither the frame's token nor the socket URL's leaves the page.
    expect(JSON.stringify(posted)).not.toContain(RESUME_TOKEN_CANARY);
    expect(JSON.stringify(posted)).not.toContain('url-token');
  });

  it('leaves the WebSocket constructor as the page knows it', () => {
    const NativeSocket = fakeSocketClass();
    const { win } = fakeWindow(() => new Response('{}'));
    const Tapped = win.WebSocket;
    const socket = new Tapped('wss://ws.chatgpt.com/ws/live');
    expect(socket).toBeInstanceOf(Tapped);
    expect(socket.constructor).toBe(Tapped);
    expect(Object.getPrototypeOf(socket)).toBe(Tapped.prototype);
    expect([Tapped.name, Tapped.length, Tapped.OPEN]).toEqual([NativeSocket.name, NativeSocket.length, 1]);
    expect(() => new Tapped('not a url')).toThrow(SyntaxError);
    class PageSocket extends Tapped {}
    expect(new PageSocket('wss://ws.chatgpt.com/a')).toBeInstanceOf(PageSocket);
  });
});

const answerBody = [
  events.delta('abc', {
    id: 'm1',
    author: { role: 'assistant', name: null, metadata: {} },
    create_time: null,
    update_time: null,
    content: { content_type: 'text', parts: ['Hello'] },
    status: 'in_progress',
    end_turn: null,
    weight: 1,
    metadata: {},
    recipient: 'all',
    channel: null,
  }),
]
  .map(sseFrame)
  .join('');
