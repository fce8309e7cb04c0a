/// <reference lib="dom.asynciterable" />
import { readAnswerStream } from './answer-stream';
import { type ClassifiedEndpoint, classifyEndpoint } from './endpoint';
import { PAGE_EVENT_CHANNEL, type PageEvent, type PageEventEnvelope } from './page-event';
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
  const post = (event: PageEvent): void =>
    win.postMessage({ channel: PAGE_EVENT_CHANNEL, event } satisfies PageEventEnvelope, '/');
  tapFetch(win, post);
  tapWebSocket(win, post);
  tapNavigation(win, post);
}

type Post = (event: PageEvent) => void;

const ignore = (): undefined => undefined;

function tapFetch(win: Window & typeof globalThis, post: Post): void {
  const nativeFetch = win.fetch;
  win.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = describeRequest(input, init);
    const endpoint = classifyEndpoint(request.url, win.location.href);
    // interface 4.4: the product_query and lookup key a later refresh of the same product needs.
    // Read before the call, which consumes a Request's body.
    const requestBody = endpoint?.kind === 'product-update' ? readRequestBody(input, init) : null;
    const pending = nativeFetch.call(win, input, init);
    if (endpoint) {
      // Registered before the page's own handlers, so the clone is taken before its body is used.
      pending.then((response) => {
        const copy = response.clone();
        void copyResponse(copy, endpoint, request, requestBody).then(post, ignore);
      }, ignore);
    }
    return pending;
  };
}

interface RequestDescription {
  url: string;
  method: string;
}

/** A Request names its URL and method; fetch turns anything else into a URL string. */
function describeRequest(input: RequestInfo | URL, init?: RequestInit): RequestDescription {
  const request: Partial<Request> = Object(input);
  return {
    url: request.url ?? String(input),
    method: (init?.method ?? request.method ?? 'GET').toUpperCase(),
  };
}

/** Reads the copy chunk by chunk, so a stream cut off half-way still yields what arrived. */
async function copyResponse(
  response: Response,
  endpoint: ClassifiedEndpoint,
  request: RequestDescription,
  requestBody: Promise<string | null> | null,
): Promise<PageEvent> {
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
  if (endpoint.kind === 'submit-prompt') {
    return { type: 'answer-stream', status, ...readAnswerStream(body), truncated };
  }
  return {
    type: 'response',
    endpoint: endpoint.kind,
    conversationId: endpoint.conversationId,
    ...request,
    status,
    contentType: response.headers.get('content-type') ?? '',
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
