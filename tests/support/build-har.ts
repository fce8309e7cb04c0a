import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { messagesPagesWithCursors, messagesPath } from '@/tests/replica/fixtures/fixture-helpers';
import { getConversation, type StoredConversation, treeResponse } from '@/tests/replica/fixtures/formats';
import { promptIdsOf } from '@/tests/replica/fixtures/paging';
import { productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import type { WireForm } from '@/tests/replica/fixtures/wire-form';
import { liveEvents, streamItem, subscribeReply, topicMessage } from '@/tests/replica/live-wire';

/**
 * A HAR file as a browser's developer tools save it on chatgpt.com (HAR 1.2, with Chrome's
 * `_webSocketMessages`), made from the replica's fixtures: what the site's client loads for a conversation.
 */
interface HarEntryInput {
  method?: string;
  path: string;
  /** Another host than chatgpt.com (the live site's socket is on ws.chatgpt.com). */
  origin?: string;
  status?: number;
  mimeType?: string;
  body: string;
  requestBody?: string;
  base64?: boolean;
  webSocketFrames?: string[];
  /** What the page sent on the socket (a HAR keeps both directions). */
  sentFrames?: string[];
}

export function harEntry(input: HarEntryInput): unknown {
  const text = input.base64 ? Buffer.from(input.body, 'utf8').toString('base64') : input.body;
  return {
    startedDateTime: '2026-11-20T10:00:00.000Z',
    time: 12,
    request: {
      method: input.method ?? 'GET',
      url: `${input.origin ?? 'https://chatgpt.com'}${input.path}`,
      headers: [{ name: 'authorization', value: 'Bearer canary-access-token-har' }],
      ...(input.requestBody === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: input.requestBody } }),
    },
    response: {
      status: input.status ?? 200,
      content: {
        mimeType: input.mimeType ?? 'application/json',
        text,
        ...(input.base64 ? { encoding: 'base64' } : {}),
      },
    },
    ...(input.webSocketFrames
      ? {
          _resourceType: 'websocket',
          _webSocketMessages: [
            ...(input.sentFrames ?? []).map((data) => ({ type: 'send', time: 1, opcode: 1, data })),
            ...input.webSocketFrames.map((data) => ({ type: 'receive', time: 2, opcode: 1, data })),
          ],
        }
      : {}),
  };
}

export const har = (entries: unknown[]): unknown => ({
  log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries },
});

/** Every page of the messages format, as the client pages back through them (site-interface 4.1). */
export function messagesPageEntries(conversation: StoredConversation): unknown[] {
  return messagesPagesWithCursors(conversation, 100).map(({ response, before }) =>
    harEntry({ path: messagesPath(conversation.id, before ?? undefined), body: JSON.stringify(response) }),
  );
}

export interface ConversationHarOptions {
  ads?: boolean;
  products?: boolean;
  sseAnswer?: boolean;
  webSocketFrames?: number;
  treeStatus?: 200 | 404;
  /** Which shapes the ads response takes: the live scenarios' are the live site's (site-interface 10.4). */
  wire?: WireForm;
}

/**
 * The calls of one conversation load, in the site's order (tree first since 25 Sep 2026, site-interface 9).
 */
export function conversationEntries(id: string, options: ConversationHarOptions = {}): unknown[] {
  const conversation = getConversation(id);
  if (conversation === undefined) throw new Error(`no fixture conversation ${id}`);
  const entries: unknown[] = [
    harEntry({
      path: `/api/auth/session`,
      body: JSON.stringify({ accessToken: 'canary-access-token-har' }),
    }),
    options.treeStatus === 404
      ? harEntry({ path: `/backend-api/conversation/${id}`, status: 404, body: '{"detail":"Not found"}' })
      : harEntry({
          path: `/backend-api/conversation/${id}`,
          body: JSON.stringify(treeResponse(conversation)),
          base64: true,
        }),
    ...messagesPageEntries(conversation),
    harEntry({ path: '/backend-api/me', body: JSON.stringify(meResponse()) }),
    harEntry({
      path: `/backend-api/bazaar/conversation/${id}/ads`,
      body: JSON.stringify(adsResponse(id, options.ads ?? false, options.wire, promptIdsOf(conversation))),
    }),
  ];
  if (options.products) {
    for (const card of productCards(id)) {
      entries.push(
        harEntry({
          method: 'POST',
          path: '/backend-api/search/product_update',
          mimeType: 'text/event-stream',
          requestBody: JSON.stringify(card),
          body: productUpdateSse(card),
        }),
      );
    }
  }
  if (options.sseAnswer) {
    entries.push(
      harEntry({
        method: 'POST',
        path: '/backend-api/f/conversation',
        mimeType: 'text/event-stream',
        requestBody: JSON.stringify({ conversation_id: id, action: 'next' }),
        body: `data: {"conversation_id":"${id}","message":{"id":"m-new","content":{"parts":["Hello"]}}}\n\ndata: [DONE]\n\n`,
      }),
    );
  }
  if (options.webSocketFrames) {
    const frames = Array.from({ length: options.webSocketFrames }, (_, index) =>
      JSON.stringify({ type: 'stream-item', conversation_id: id, data: { sequence: index } }),
    );
    entries.push(harEntry({ path: '/ws/chat', status: 101, body: '', webSocketFrames: frames }));
  }
  return entries;
}

/**
 * The live site's array frames of one answer on a turn's topic (site-interface 10.1): the subscribe
 * reply's catch-ups (the resume token among them), the last of them once more live, the answer's items,
 * and `done`.
 */
export function liveAnswerFrames(conversationId: string, topicId: string): string[] {
  const message = (index: number, encoded: string) =>
    topicMessage(topicId, streamItem(`${topicId}-${index}`, encoded));
  const caughtUp = [
    message(1, liveEvents.deltaEncoding()),
    message(2, liveEvents.resumeToken(conversationId)),
    message(3, liveEvents.append('Cast iron ', true)),
  ];
  return [
    JSON.stringify([subscribeReply(1, topicId, caughtUp)]),
    JSON.stringify([caughtUp[2]]),
    JSON.stringify([message(4, liveEvents.append('holds heat.', false))]),
    JSON.stringify([message(5, liveEvents.finish()), message(6, liveEvents.complete(conversationId))]),
    JSON.stringify([topicMessage(topicId, { type: 'done' })]),
  ];
}

/**
 * A live answer as a HAR lists it: the socket on ws.chatgpt.com first (the page opened it before asking,
 * and a HAR lists an entry at its start), then the submit call whose short SSE body hands off to the topic.
 */
export function liveAnswerEntries(conversationId: string, topicId: string, frames: string[]): unknown[] {
  return [
    harEntry({
      origin: 'wss://ws.chatgpt.com',
      path: '/ws/live?verify=canary-socket-verify',
      status: 101,
      body: '',
      sentFrames: [JSON.stringify({ type: 'subscribe', topic_id: topicId, offset: '0' })],
      webSocketFrames: frames,
    }),
    harEntry({
      method: 'POST',
      path: '/backend-api/f/conversation',
      mimeType: 'text/event-stream',
      requestBody: JSON.stringify({ conversation_id: conversationId, action: 'next' }),
      body:
        liveEvents.deltaEncoding() +
        liveEvents.resumeToken(conversationId) +
        liveEvents.handoff(conversationId, topicId) +
        liveEvents.done(),
    }),
  ];
}
