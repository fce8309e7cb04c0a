/// <reference lib="dom.asynciterable" />
import { type ClassifiedEndpoint, classifyEndpoint, MAY_BE_ENDPOINT } from './endpoint';
import {
  type CopiedEndpointKind,
  type HookEvent,
  PAGE_EVENT_CHANNEL,
  type PageEventEnvelope,
} from './page-event';
import { readStreamFrame } from './stream-frame';
import { withoutSecrets } from './stream-secrets';

/**
 * The MAIN-world tap. It wraps fetch and WebSocket so that the responses the page loads anyway
 * (architecture "Passive first") reach the extension without a request of its own. It never blocks the
 * page and never changes what the page receives: it reads a clone of each interesting response
 * after handing the original on, and it swallows every error of its own. What may carry a secret (the
 * submit call's SSE body, WebSocket frames: a resume token) is reduced here and never leaves the page.
 */
export function installPageHook(win: Window & typeof globalThis): void {
  // '/': to this page's own origin only.
  const post = (event: HookEvent): void =>
    win.postMessage({ channel: PAGE_EVENT_CHANNEL, event } satisfies PageEventEnvelope, '/');
  /**
   * What each URL the page fetched that may name an endpoint (MAY_BE_ENDPOINT) is (classifyEndpoint), by
   * URL. The page calls the same URLs again and again (it polls its tree), and parsing a URL costs about
   * 0.03 ms of a call in a page that has just been idle (`hook_overhead_ms_median`,
   * tests/bench/browser-benchmark.ts): of the hook's time, only the clone of a copied response costs more.
   */
  const endpoints = new Map<string, ClassifiedEndpoint | null>();
  /** site-interface 4.2: the page polls its tree; the last tree's URL and bytes spot an unchanged poll. */
  let lastTree: { url: string; bytes: ArrayBuffer } | undefined;

  /** The answer streams copied so far: each piece names its stream by its number. */
  let answerStreams = 0;

  /**
   * An answer stream (site-interface 10.6), or its rest that a resume call reads (site-interface 10.15),
   * passed on as it arrives, so the views follow the answer: whole SSE events only, each without its
   * secrets, until the body ends or breaks off (what arrived is kept).
   */
  const copyAnswerStream = async (
    response: Response,
    url: string,
    requestBody: Promise<string | null> | null,
  ): Promise<undefined> => {
    const stream = ++answerStreams;
    const decoder = new TextDecoder();
    let pending = '';
    // Of the call's body, only what joins the stream to its answer (site-interface 10.15) and a mobile web
    // answer's prompt, from its form (site-interface 10.16); anything else it may hold (a resume token, the
    // sentinel's tokens) stays in the page.
    const request = await requestBody
      ?.then((body) =>
        JSON.stringify(
          /^{/.test(body as string)
            ? JSON.parse(body as string)
            : Object.fromEntries(new URLSearchParams(body as string)),
          ['conversation_id', 'offset', 'prompt'],
        ),
      )
      .catch(ignore);
    const send = (ended: boolean, truncated?: boolean): void => {
      // Up to the last blank line: a resumed stream ends its lines with \r\n (site-interface 10.15).
      const cut = ended ? pending.length : (pending.match(/.*\n\r?\n/s)?.[0].length ?? 0);
      const text = withoutSecrets(pending.slice(0, cut));
      pending = pending.slice(cut);
      if (text || ended)
        post({
          type: 'answer-stream',
          stream,
          status: response.status,
          text,
          ended,
          truncated: !!truncated,
          url,
          request,
        });
    };
    try {
      // UTF-8, as the page's own text() reads it.
      for await (const chunk of response.body ?? []) {
        pending += decoder.decode(chunk, { stream: true });
        send(false);
      }
      send(true);
    } catch {
      send(true, true);
    }
  };

  /**
   * Keeps the copy off the page's path, so the page meets no added delay (architecture "Passive first"). A
   * copied body (JSON, or a product's SSE) is read whole by the browser as its bytes arrive
   * (`arrayBuffer()`: no script per chunk, and no later pass over bytes the clone held back), and every
   * step of script on it waits until the page is idle; a cut-off one says so, and the worker keeps nothing
   * of it. An answer stream's chunks are taken as they come instead, so a stream cut off half-way still
   * yields what arrived (an error drops what a branch of a cloned body has not read yet).
   */
  const copy = async (
    response: Response,
    endpoint: ClassifiedEndpoint,
    url: string,
    requestBody: Promise<string | null> | null,
  ): Promise<void> => {
    if (/submit|resume/.test(endpoint.endpoint)) return copyAnswerStream(response, url, requestBody);
    // Started at once: a read put off to an idle moment would fall in the middle of the page's own read
    // and slow the page more (`hook_overhead_ms_median`, tests/bench/browser-benchmark.ts).
    // undefined: cut off.
    const bytes = await response.arrayBuffer().catch(ignore);
    // The body's last bytes reach the page's own read at the same moment: what follows waits until it is
    // done. A hidden tab's idle callbacks may wait long: a copy waits at most a second.
    await new Promise((idle) => win.requestIdleCallback(idle, { timeout: 1e3 }));
    const copied = { ...(endpoint as ClassifiedEndpoint & { endpoint: CopiedEndpointKind }), url };
    if (endpoint.endpoint === 'conversation-tree' && response.ok && bytes) {
      // An unchanged multi-MB poll costs one compare of its bytes: nothing decoded, and a post that says
      // only which response it repeats (architecture "Passive first").
      if (url === lastTree?.url && sameBytes(bytes, lastTree.bytes))
        return post({ type: 'unchanged', ...copied });
      lastTree = { url, bytes };
    }
    post({
      type: 'response',
      ...copied,
      status: response.status,
      // site-interface 7: the wait a 429 asks for, which holds the extension's requests too.
      retryAfter: response.headers.get('retry-after'),
      requestBody: (await requestBody?.catch(ignore)) ?? null,
      // UTF-8, as the page's own text() reads it.
      body: new TextDecoder().decode(bytes),
      truncated: !bytes,
    });
  };

  const nativeFetch = win.fetch;
  win.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    // A Request's URL, else the URL as given: a string is read without a copy.
    const url = String((input as Request | null)?.url ?? input);
    // A fetch whose URL names no endpoint meets this one test and nothing more: no parse, no clone, no post.
    let endpoint = MAY_BE_ENDPOINT.test(url) && endpoints.get(url);
    if (endpoint === undefined) {
      // A bound for URLs that never repeat (a query that changes each call).
      if (endpoints.size > 99) endpoints.clear();
      endpoint = classifyEndpoint(url, win.location.href);
      endpoints.set(url, endpoint);
    }
    // site-interface 4.4: the product_query and lookup key a later refresh of the same product needs;
    // site-interface 10.15 and 10.16: the conversation and offset a resumed stream goes on from, the prompt
    // a mobile web answer does not echo. Read before the call, which consumes a Request's body. A fetch not
    // copied meets no test at all.
    const requestBody =
      endpoint && /product|resume|submit/.test(endpoint.endpoint) ? readRequestBody(input, init) : null;
    const pending = nativeFetch.call(win, input, init);
    if (endpoint) {
      // Registered before the page's own handlers, so the clone is taken before its body is used; the
      // page awaits the native promise itself, so no step is added on its path.
      pending.then((response) => {
        void copy(response.clone(), endpoint, url, requestBody).catch(ignore);
      }, ignore);
    }
    return pending;
  };

  // site-interface 6: stream items mean the answer streamed over WebSocket (on ws.chatgpt.com too). A
  // Proxy rather than a subclass, so the page sees its own constructor (name, length, prototype, statics)
  // and the same sockets and errors.
  const NativeWebSocket = win.WebSocket;
  const tapped = new Proxy(NativeWebSocket, {
    construct(...construction) {
      const socket: WebSocket = Reflect.construct(...construction);
      socket.addEventListener('message', (message: MessageEvent) => {
        const items = readStreamFrame(message.data);
        if (items[0]) post({ type: 'stream-items', items });
      });
      return socket;
    },
  });
  // A socket's constructor is the global the page calls, as without the hook.
  NativeWebSocket.prototype.constructor = tapped;
  win.WebSocket = tapped;

  // The chat site navigates between conversations without a page load.
  const announce = (): void => {
    // A relative URL may name another path from the page's new URL.
    endpoints.clear();
    post({ type: 'navigation' });
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const native = win.history[method];
    win.history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      native.apply(this, args);
      announce();
    };
  }
  win.addEventListener('popstate', announce);
}

/** Swallows a failure of the hook's own copy: the page never meets it. An empty body, the fewest bytes. */
const ignore = (): undefined => {};

/** Whether two buffers hold the same bytes (~10 ms for a 10,000-message tree, against ~25 to decode it). */
function sameBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let at = x.length;
  // Stops at the last byte that differs, or below the first when none does. Trees of other lengths
  // differ within their last bytes (each ends with its own members), so the walk stops at once.
  while (at-- && x[at] === y[at]);
  return at < 0 && x.length === y.length;
}

/** A call's body as text: the page's string, or a Request's own (a clone, so the call still has it). */
const readRequestBody = async (
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<string | null> =>
  typeof init?.body === 'string' ? init.body : input instanceof Request ? input.clone().text() : null;
