import { CANARY_MARKERS, RESUME_TOKEN_CANARY } from '@/tests/replica/fixtures/canaries';
import type { ChatMessage } from '@/tests/replica/fixtures/formats';

/**
 * The live site's answer stream (site-interface 10.6 and site-interface 10.2): SSE events
 * in the "v1" delta encoding, a resume token, a `stream_handoff` to a WebSocket topic on ws.chatgpt.com,
 * and array frames of topic messages whose stream items carry that SSE text again.
 */

const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

export { RESUME_TOKEN_CANARY };

/** Which way a resume token reached the page: the submit call's SSE body or a WebSocket frame. */
export type ResumeTokenCarrier = 'sse' | 'websocket';

/**
 * The planted resume token (a JWT, a secret) of each carrier: a test can prove it reaches no storage,
 * export or output. Its signature is the carrier's canary marker in plain text (base64url letters), so
 * RESUME_TOKEN_CANARY finds either token and the marker tells which.
 */
export function resumeToken(carrier: ResumeTokenCarrier): string {
  const marker = CANARY_MARKERS[carrier === 'sse' ? 'sseResumeToken' : 'socketResumeToken'];
  return [
    base64url('{"alg":"HS256","typ":"JWT"}'),
    base64url(`{"kind":"${resumeKind(carrier)}","carrier":"${carrier}","topic_id":"conversation-turn-1"}`),
    `${marker}signature`,
  ].join('.');
}

/** The 2026 site names the token's kind: `conduit` for the submit call's, `topic` for a turn's socket topic. */
const resumeKind = (carrier: ResumeTokenCarrier): string => (carrier === 'sse' ? 'conduit' : 'topic');

/** The event that hands the page its resume token, as data (the document's frames carry it so). */
export const resumeTokenEvent = (conversationId: string, carrier: ResumeTokenCarrier) => ({
  type: 'resume_conversation_token',
  kind: resumeKind(carrier),
  token: resumeToken(carrier),
  conversation_id: conversationId,
});

/** The live socket's host and path; the real one adds a verify token to the path. */
export const LIVE_SOCKET_HOST = 'ws.chatgpt.com';
export const LIVE_SOCKET_PATH = '/ws/live';

/** A topic names a turn, not the conversation. */
export const turnTopicId = (turnId: string): string => `conversation-turn-${turnId}`;

const sseEvent = (data: unknown, event?: string): string =>
  `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;

const ANSWER_TEXT_PATH = '/message/content/parts/0';

/** The SSE text of each step of an answer, in the order the site sends them. */
export const liveEvents = {
  deltaEncoding: (): string => 'event: delta_encoding\ndata: "v1"\n\n',
  resumeToken: (conversationId: string, carrier: ResumeTokenCarrier = 'sse'): string =>
    sseEvent(resumeTokenEvent(conversationId, carrier)),
  handoff: (conversationId: string, topicId: string): string =>
    sseEvent({
      type: 'stream_handoff',
      conversation_id: conversationId,
      options: [{ type: 'subscribe_ws_topic', topic_id: topicId }],
    }),
  input: (conversationId: string, message: ChatMessage): string =>
    sseEvent({ type: 'input_message', input_message: message, conversation_id: conversationId }),
  /** The answer's message as it starts, with empty text. */
  addMessage: (conversationId: string, message: ChatMessage): string =>
    sseEvent({ p: '', o: 'add', v: { message, conversation_id: conversationId }, c: 0 }, 'delta'),
  /** The first append names its path and operation; later ones inherit them and send `v` alone. */
  append: (piece: string, first: boolean): string =>
    sseEvent(first ? { p: ANSWER_TEXT_PATH, o: 'append', v: piece } : { v: piece }, 'delta'),
  finish: (): string =>
    sseEvent(
      {
        p: '',
        o: 'patch',
        v: [
          { p: '/message/status', o: 'replace', v: 'finished_successfully' },
          { p: '/message/end_turn', o: 'replace', v: true },
        ],
      },
      'delta',
    ),
  complete: (conversationId: string): string =>
    sseEvent({ type: 'message_stream_complete', conversation_id: conversationId }),
  done: (): string => 'data: [DONE]\n\n',
};

export type TurnStreamPayload =
  | { type: 'stream-item'; stream_item_id: string; encoded_item: string }
  | { type: 'done' };

export interface TopicMessage {
  type: 'message';
  topic_id: string;
  payload: { type: 'conversation-turn-stream'; payload: TurnStreamPayload };
}

export const topicMessage = (topicId: string, payload: TurnStreamPayload): TopicMessage => ({
  type: 'message',
  topic_id: topicId,
  payload: { type: 'conversation-turn-stream', payload },
});

export const streamItem = (streamItemId: string, encodedItem: string): TurnStreamPayload => ({
  type: 'stream-item',
  stream_item_id: streamItemId,
  encoded_item: encodedItem,
});

/** The reply to a subscribe command: what the topic sent before it, as catch-ups. */
export const subscribeReply = (id: unknown, topicId: string, catchups: readonly TopicMessage[]): unknown => ({
  id,
  type: 'reply',
  reply: { type: 'subscribe', topic_id: topicId, catchups },
});
