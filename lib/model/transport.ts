/**
 * How the answers of a conversation were streamed (site-interface 6): a WebSocket whose frames of kind
 * stream-item carry the answer, an SSE response to the submit call (POST /f/conversation), or, for a
 * signed-out chat on the mobile web surface, an HTML stream (site-interface 10.16).
 */
export type Transport = 'websocket' | 'sse' | 'html' | 'unknown';

/** What was observed for one conversation. */
export interface TransportObservation {
  /** Distinct answer items that reached a WebSocket for the conversation; a catch-up replay is not new. */
  streamItems: number;
  /** Submit-call SSE bodies that carried an answer themselves. */
  sseAnswers: number;
  /** Submit-call SSE bodies that handed the answer to a WebSocket topic (live form) instead. */
  handoffs: number;
  /**
   * Of the SSE bodies that carried an answer, those of a resume call (site-interface 10.15): the answer
   * still came over SSE, resumed after a handoff.
   */
  resumed: number;
  /** Mobile web answers, streamed as HTML frames or JSON lines (site-interface 10.16). */
  htmlAnswers: number;
}

export const NOTHING_OBSERVED: TransportObservation = {
  streamItems: 0,
  sseAnswers: 0,
  handoffs: 0,
  resumed: 0,
  htmlAnswers: 0,
};
