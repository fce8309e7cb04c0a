/// <reference lib="dom.asynciterable" />
import { readAnswerStream } from './answer-stream';
import { type ClassifiedEndpoint, classifyEndpoint } from './endpoint';
import {
  type CapturedResponseEvent,
  type CopiedEndpointKind,
  type HookEvent,
  PAGE_EVENT_CHANNEL,
  type PageEventEnvelope,
} from './page-event';
import { readStreamFrame } from './stream-frame';

/**
 * The MAIN-world tap. It wraps fetch and WebSocket so that the responses the page loads anyway
 * (DESIGN "Passive first") reach the extension without a request of its own. It never blocks the
 * page and never changes what the page receives: it reads a clone of each interesting response
 * after handing the original on, and it swallows every error of its own. What may carry a secret (the
 * submit call's SSE body, WebSocket frames: a resume token) is reduced here and never leaves the page.
 */
export function installPageHook(win: Window & typeof globalThis): void {
  // '/': to this page's own origin only.
  const post = (event: HookEvent): void =>
    win.postMessage({ channel: PAGE_EVENT_CHANNEL, event } satisfies PageEventEnvelope, '/');
  tapFetch(win, post);
  tapWebSocket(win, post);
  tapNavigation(win, post);
}

type Post = (event: HookEvent) => void;

const ignore = (): undefined => undefined;

function tapFetch(win: Window & typeof globalThis, post: Post): void {
  const nativeFetch = win.fetch;
  /** interface 4.2: the page polls its tree; the last tree copied, to spot an unchanged poll. */
  let lastTree: CapturedResponseEvent | undefined;
  const unlessUnchanged = (event: HookEvent): HookEvent => {
    // An answer stream names no endpoint: only a tree the page polled can repeat.
    const tree = event as CapturedResponseEvent;
    if (tree.endpoint !== 'conversation-tree' || tree.status !== 200) return event;
    // One string comparison here spares the page a multi-MB postMessage per poll (issue 8, item 1).
    // The body stays behind: an unchanged poll says only which response it repeats.
    const { type, body, ...unchanged } = tree;
    if (unchanged.url === lastTree?.url && body === lastTree.body) return { ...unchanged, type: 'unchanged' };
    lastTree = tree;
    return tree;
  };
  win.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url: string = Object(input).url ?? String(input);
    // A few microseconds for any call: the page's fetch calls are network-bound.
    const endpoint = classifyEndpoint(url, win.location.href);
    // interface 4.4: the product_query and lookup key a later refresh of the same product needs.
    // Read before the call, which consumes a Request's body.
    const requestBody = endpoint?.endpoint === 'product-update' ? readRequestBody(input, init) : null;
    const pending = nativeFetch.call(win, input, init);
    if (endpoint) {
      // Registered before the page's own handlers, so the clone is taken before its body is used; the
      // page awaits the native promise itself, so no step is added on its path.
      pending.then((response) => {
        void copyResponse(response.clone(), endpoint, url, requestBody, win).then(
          (event) => post(unlessUnchanged(event)),
          ignore,
        );
      }, ignore);
    }
    return pending;
  };
}

/**
 * Reads the copy off the page's path (issue 8, item 1: no added delay). A copied body (JSON, or a product's
 * SSE) is read only once the page is idle, so its chunks never share a task with the page's own read; a
 * cut-off one says so, and the worker keeps nothing of it. An answer stream's chunks are taken as they
 * come instead, so a stream cut off half-way still yields what arrived (an error drops what a branch of a
 * cloned body has not read yet). Decoding, comparing and posting always wait until the page is idle.
 */
async function copyResponse(
  response: Response,
  endpoint: ClassifiedEndpoint,
  url: string,
  requestBody: Promise<string | null> | null,
  win: Window,
): Promise<HookEvent> {
  const chunks: Uint8Array[] = [];
  let truncated = false;
  try {
    if (endpoint.endpoint !== 'submit-prompt') await idle(win);
    for await (const chunk of response.body ?? []) chunks.push(chunk);
  } catch {
    truncated = true;
  }
  await idle(win);
  // UTF-8, as the page's own text() reads it.
  const body = await new Blob(chunks as BlobPart[]).text();
  const { status, headers } = response;
  if (endpoint.endpoint === 'submit-prompt') {
    return { type: 'answer-stream', status, ...readAnswerStream(body), truncated };
  }
  return {
    type: 'response',
    ...(endpoint as ClassifiedEndpoint & { endpoint: CopiedEndpointKind }),
    url,
    status,
    // interface 7: the wait a 429 asks for, which holds the extension's requests too.
    retryAfter: headers.get('retry-after'),
    requestBody: (await requestBody?.catch(ignore)) ?? null,
    body,
    truncated,
  };
}

/** A hidden tab's idle callbacks may wait long: a copy waits at most a second. */
const idle = (win: Window): Promise<unknown> =>
  new Promise((idle) => win.requestIdleCallback(idle, { timeout: 1e3 }));

async function readRequestBody(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<string | null> {
  if (typeof init?.body === 'string') return init.body;
  if (input instanceof Request) return input.clone().text();
  return null;
}

/**
 * interface 6: stream items mean the answer streamed over WebSocket (on ws.chatgpt.com too). A Proxy
 * rather than a subclass, so the page sees its own constructor (name, length, prototype, statics) and
 * the same sockets and errors.
 */
function tapWebSocket(win: Window & typeof globalThis, post: Post): void {
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
}

/** The chat site navigates between conversations without a page load. */
function tapNavigation(win: Window & typeof globalThis, post: Post): void {
  const announce = (): void => post({ type: 'navigation', url: win.location.href });
  for (const method of ['pushState', 'replaceState'] as const) {
    const native = win.history[method];
    win.history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      native.apply(this, args);
      announce();
    };
  }
  win.addEventListener('popstate', announce);
}
