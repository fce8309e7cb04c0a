import type { EndpointKind } from './endpoint';

/**
 * The events the MAIN-world hook posts to the relay. One definition for both sides; the relay
 * validates every event with `parsePageEvent` because any script on the page can post a forgery.
 */
export const PAGE_EVENT_CHANNEL = 'chat-lens/page-event@1';

export interface CapturedResponseEvent {
  type: 'response';
  endpoint: EndpointKind;
  conversationId: string | null;
  url: string;
  method: string;
  status: number;
  contentType: string;
  /** The request body, kept only for product_update (its product_query and lookup key, interface 4.4). */
  requestBody: string | null;
  body: string;
  /** True when the body could not be read to its end (a cut-off stream). */
  truncated: boolean;
}

export interface WebSocketFrameEvent {
  type: 'websocket-frame';
  url: string;
  data: string;
}

export interface NavigationEvent {
  type: 'navigation';
  url: string;
}

export type PageEvent = CapturedResponseEvent | WebSocketFrameEvent | NavigationEvent;

export interface PageEventEnvelope {
  channel: typeof PAGE_EVENT_CHANNEL;
  event: PageEvent;
}

const endpointKinds: ReadonlySet<string> = new Set<EndpointKind>([
  'conversation-messages',
  'conversation-tree',
  'ads',
  'product-update',
  'submit-prompt',
  'stream-status',
  'me',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** Returns the event when `data` is a well-formed envelope, otherwise null. */
export function parsePageEvent(data: unknown): PageEvent | null {
  if (!isRecord(data) || data.channel !== PAGE_EVENT_CHANNEL || !isRecord(data.event)) return null;
  const event = data.event;
  switch (event.type) {
    case 'response':
      if (
        isString(event.endpoint) &&
        endpointKinds.has(event.endpoint) &&
        (event.conversationId === null || isString(event.conversationId)) &&
        isString(event.url) &&
        isString(event.method) &&
        typeof event.status === 'number' &&
        isString(event.contentType) &&
        (event.requestBody === null || isString(event.requestBody)) &&
        isString(event.body) &&
        typeof event.truncated === 'boolean'
      ) {
        return {
          type: 'response',
          endpoint: event.endpoint as EndpointKind,
          conversationId: event.conversationId,
          url: event.url,
          method: event.method,
          status: event.status,
          contentType: event.contentType,
          requestBody: event.requestBody,
          body: event.body,
          truncated: event.truncated,
        };
      }
      return null;
    case 'websocket-frame':
      return isString(event.url) && isString(event.data)
        ? { type: 'websocket-frame', url: event.url, data: event.data }
        : null;
    case 'navigation':
      return isString(event.url) ? { type: 'navigation', url: event.url } : null;
    default:
      return null;
  }
}
