import { classifyEndpoint, type EndpointKind } from './endpoint';
import { PAGE_EVENT_CHANNEL, type PageEvent, type PageEventEnvelope } from './page-event';

/**
 * The MAIN-world tap. It wraps fetch and WebSocket so that the responses the page loads anyway
 * (DESIGN "Passive first") reach the extension without a request of its own. It never blocks the
 * page and never changes what the page receives: it reads a clone of each interesting response
 * after handing the original on, and it swallows every error of its own.
 */
export function installPageHook(win: Window & typeof globalThis): void {
  const post = (event: PageEvent): void => {
    const envelope: PageEventEnvelope = { channel: PAGE_EVENT_CHANNEL, event };
    win.postMessage(envelope, win.location.origin);
  };
  tapFetch(win, post);
  tapWebSocket(win, post);
  tapNavigation(win, post);
}

type Post = (event: PageEvent) => void;

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
      pending.then(
        (response) => {
          const copy = response.clone();
          void copyResponse(copy, endpoint.kind, endpoint.conversationId, request, requestBody).then(
            post,
            () => undefined,
          );
        },
        () => undefined,
      );
    }
    return pending;
  };
}

interface RequestDescription {
  url: string;
  method: string;
}

function describeRequest(input: RequestInfo | URL, init?: RequestInit): RequestDescription {
  if (input instanceof Request) return { url: input.url, method: init?.method ?? input.method };
  return { url: String(input), method: (init?.method ?? 'GET').toUpperCase() };
}

async function copyResponse(
  response: Response,
  endpoint: EndpointKind,
  conversationId: string | null,
  request: RequestDescription,
  requestBody: Promise<string | null> | null,
): Promise<PageEvent> {
  const { text, truncated } = await readToEnd(response);
  return {
    type: 'response',
    endpoint,
    conversationId,
    url: request.url,
    method: request.method,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    requestBody: requestBody === null ? null : await requestBody.catch(() => null),
    body: text,
    truncated,
  };
}

/** Reads a body chunk by chunk, so a stream cut off half-way still yields what arrived. */
async function readToEnd(response: Response): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return { text: text + decoder.decode(), truncated: false };
  } catch {
    return { text: text + decoder.decode(), truncated: true };
  }
}

async function readRequestBody(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<string | null> {
  if (typeof init?.body === 'string') return init.body;
  if (input instanceof Request) return input.clone().text();
  return null;
}

/** interface 6: frames of kind stream-item mean the answer streamed over WebSocket. */
function tapWebSocket(win: Window & typeof globalThis, post: Post): void {
  const NativeWebSocket = win.WebSocket;
  class TappedWebSocket extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (message: MessageEvent) => {
        if (typeof message.data === 'string' && message.data.includes('stream-item')) {
          post({ type: 'websocket-frame', url: this.url, data: message.data });
        }
      });
    }
  }
  win.WebSocket = TappedWebSocket;
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
