import { firstConversationId } from './json-shape';

/**
 * What the SSE body of the submit call (POST /backend-api/f/conversation, site-interface 4.5) says about
 * how its answer streamed (site-interface 6). Its resume_conversation_token (a JWT, a secret) and its text
 * are never kept.
 */
export interface AnswerStreamSummary {
  /** The first the body names; null when it names none. */
  conversationId: string | null;
  /**
   * The WebSocket topics a `stream_handoff` sent the answer to (site-interface 10.2): their stream items
   * belong to this conversation.
   */
  handoffTopics: string[];
  /** An answer streamed in this body itself (a handoff-only body carries none). */
  answered: boolean;
  /** `data: [DONE]` was seen. */
  ended: boolean;
}

/**
 * Read with patterns rather than a parser: this runs in the page on every prompt and the hook must stay
 * small. JSON escapes every quote inside a string, so a pattern over `"key":` only meets real members.
 */
export function readAnswerStream(body: string): AnswerStreamSummary {
  return {
    conversationId: firstConversationId(body),
    // Only a stream_handoff's subscribe_ws_topic options name a topic.
    handoffTopics: body.match(/(?<="topic_id"\s*:\s*")[^"\\]+/g) ?? [],
    // A message of the answer (document form; the live form's first delta wraps it in `v`), or a delta
    // appending to its text. Markers, tokens, the handoff and the echoed prompt (an input_message, or a
    // message of the user's) are none.
    answered: /"message"\s*:\s*\{(?![^\n]*"role"\s*:\s*"user")|"o"\s*:\s*"append"/.test(body),
    ended: /data: ?\[DONE]/.test(body),
  };
}
