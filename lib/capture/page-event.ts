import type { EndpointKind } from './endpoint';
import { isRecord } from './json-shape';
import type { StreamItem } from './stream-frame';
import { withoutSecrets } from './stream-secrets';

/**
 * The events the MAIN-world hook posts to the relay. One definition for both sides; the relay
 * validates every event with `parsePageEvent` because any script on the page can post a forgery. The
 * name is short because the hook carries it (architecture "Budgets": the hook stays small).
 */
export const PAGE_EVENT_CHANNEL = 'chat-lens@1';

/**
 * The answer streams' bodies are never copied whole: they may hold a resume token (see AnswerStreamEvent).
 */
export type CopiedEndpointKind = Exclude<EndpointKind, 'submit-prompt' | 'resume-stream'>;

export interface CapturedResponseEvent {
  type: 'response';
  endpoint: CopiedEndpointKind;
  conversationId: string | null;
  url: string;
  status: number;
  /** The response's Retry-After header (site-interface 7: a 429 may carry it), null when it has none. */
  retryAfter: string | null;
  /**
   * The request body, kept only for product_update (its product_query and lookup key,
   * site-interface 4.4).
   */
  requestBody: string | null;
  body: string;
  /** True when the body could not be read to its end (a cut-off stream). */
  truncated: boolean;
}

/**
 * A piece of the submit call's answer stream (site-interface 4.5, site-interface 10.6) as it arrives:
 * whole SSE events, without resume tokens (architecture "Secrets"), until the body ends.
 */
export interface AnswerStreamEvent {
  type: 'answer-stream';
  /** Which answer stream of the page the piece belongs to: the hook numbers them as they start. */
  stream: number;
  status: number;
  /** The text that arrived since the last piece. */
  text: string;
  /** The body ended: the stream's last piece. */
  ended: boolean;
  /** The body broke off before its end. */
  truncated: boolean;
  /**
   * The call's URL, as the page called it: the submit call, or the resume call (site-interface 10.15);
   * under /backend-anon/ for a chat used signed out.
   */
  url: string;
  /**
   * The resume call's request body reduced to its `conversation_id` and `offset` (site-interface 10.15), as
   * JSON; absent for the submit call, and where the body could not be read.
   */
  request?: string;
}

/** One WebSocket frame's answer items, reduced in the page; the frame itself never leaves it. */
export interface StreamItemsEvent {
  type: 'stream-items';
  items: StreamItem[];
}

/**
 * A tree poll (site-interface 4.2) whose body equals the last one of the same URL: the hook posts only the
 * fact, so an unchanged multi-MB tree is neither copied across worlds nor sent on
 * (architecture "Passive first": an unchanged poll costs next to nothing).
 */
export interface UnchangedResponseEvent {
  type: 'unchanged';
  endpoint: CopiedEndpointKind;
  conversationId: string | null;
  url: string;
}

/**
 * The page moved to another URL without a load (the chat site navigates between conversations so). It
 * names no URL: the relay reads its own, which a page that forges this event cannot change.
 */
export interface NavigationEvent {
  type: 'navigation';
}

/** What the relay passes on to the worker as it is. */
export type PageEvent = CapturedResponseEvent | AnswerStreamEvent | StreamItemsEvent;

/**
 * What the hook posts: the relay sends an unchanged poll as its own message (protocol
 * responseUnchanged), and a navigation as the page's new state (protocol pageState).
 */
export type HookEvent = PageEvent | UnchangedResponseEvent | NavigationEvent;

export interface PageEventEnvelope {
  channel: typeof PAGE_EVENT_CHANNEL;
  event: HookEvent;
}

const copiedEndpointKinds: ReadonlySet<string> = new Set<CopiedEndpointKind>([
  'conversation-messages',
  'conversations-batch',
  'conversation-tree',
  'ads',
  'product-update',
  'stream-status',
  'me',
]);

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

/** Returns the event when `data` is a well-formed envelope, otherwise null. */
export function parsePageEvent(data: unknown): HookEvent | null {
  if (!isRecord(data) || data.channel !== PAGE_EVENT_CHANNEL || !isRecord(data.event)) return null;
  const event = data.event;
  switch (event.type) {
    case 'response':
      if (
        isString(event.endpoint) &&
        copiedEndpointKinds.has(event.endpoint) &&
        isStringOrNull(event.conversationId) &&
        isString(event.url) &&
        typeof event.status === 'number' &&
        isStringOrNull(event.retryAfter) &&
        isStringOrNull(event.requestBody) &&
        isString(event.body) &&
        typeof event.truncated === 'boolean'
      ) {
        return {
          type: 'response',
          endpoint: event.endpoint as CopiedEndpointKind,
          conversationId: event.conversationId,
          url: event.url,
          status: event.status,
          retryAfter: event.retryAfter,
          requestBody: event.requestBody,
          body: event.body,
          truncated: event.truncated,
        };
      }
      return null;
    case 'unchanged':
      return isString(event.endpoint) &&
        copiedEndpointKinds.has(event.endpoint) &&
        isStringOrNull(event.conversationId) &&
        isString(event.url)
        ? {
            type: 'unchanged',
            endpoint: event.endpoint as CopiedEndpointKind,
            conversationId: event.conversationId,
            url: event.url,
          }
        : null;
    case 'answer-stream':
      return typeof event.stream === 'number' &&
        typeof event.status === 'number' &&
        isString(event.text) &&
        typeof event.ended === 'boolean' &&
        typeof event.truncated === 'boolean' &&
        isString(event.url) &&
        (event.request === undefined || isString(event.request))
        ? {
            type: 'answer-stream',
            stream: event.stream,
            status: event.status,
            // A forged event may carry anything: no token crosses, whoever sent it.
            text: withoutSecrets(event.text),
            ended: event.ended,
            truncated: event.truncated,
            url: event.url,
            ...(event.request === undefined ? {} : { request: event.request }),
          }
        : null;
    case 'stream-items': {
      const items = Array.isArray(event.items) ? Array.from(event.items, parseStreamItem) : [];
      return items.length > 0 && items.every((item): item is StreamItem => item !== null)
        ? { type: 'stream-items', items }
        : null;
    }
    case 'navigation':
      return { type: 'navigation' };
    default:
      return null;
  }
}

function parseStreamItem(item: unknown): StreamItem | null {
  if (!isRecord(item) || (item.kind !== 'stream-item' && item.kind !== 'done')) return null;
  const { topicId, streamItemId, text } = item;
  return isStringOrNull(topicId) && isStringOrNull(streamItemId) && isString(text)
    ? { kind: item.kind, topicId, streamItemId, text: withoutSecrets(text) }
    : null;
}
