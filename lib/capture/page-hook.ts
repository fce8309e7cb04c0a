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

/** Every endpoint path holds one of these (interface 4): a test that spares other calls any parsing. */
const ENDPOINT_HINT = /backend-api|conversation/;

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
    const endpoint = ENDPOINT_HINT.test(url) ? classifyEndpoint(url, win.location.href) : null;
    // interface 4.4: the product_query and lookup key a later refresh of the same product needs.
    // Read before the call, which consumes a Request's body.
    const requestBody = endpoint?.endpoint === 'product-update' ? readRequestBody(input, init) : null;
    const pending = nativeFetch.call(win, input, init);
    if (endpoint) {
      // Registered before the page's own handlers, so the clone is taken before its body is used; the
      // page awaits the native promise itself, so no step is added on its path.
      pending.then((response) => {
        void copyResponse(response.clone(), endpoint, url, requestBody).then(
          (event) => post(unlessUnchanged(event)),
          ignore,
        );
      }, ignore);
    }
    return pending;
  };
}

/** Reads the copy chunk by chunk, so a stream cut off half-way still yields what arrived. */
async function copyResponse(
  response: Response,
  endpoint: ClassifiedEndpoint,
  url: string,
  requestBody: Promise<string | null> | null,
): Promise<HookEvent> {
  const decoder = new TextDecoder();
  let body = '';
  let truncated = false;
  try {
    for await (const chunk of response.body ?? []) body += decoder.decode(chunk, { stream: true });
  } catch {
    truncated = true;
  }
  body += decoder.decode();
  const { status } = response;
  if (endpoint.endpoint === 'submit-prompt') {
    return { type: 'answer-stream', status, ...readAnswerStream(body), truncated };
  }
  return {
    type: 'response',
    ...(endpoint as ClassifiedEndpoint & { endpoint: CopiedEndpointKind }),
    url,
    status,
    requestBody: (await requestBody?.catch(ignore)) ?? null,
    body,
    truncated,
  };
}

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
