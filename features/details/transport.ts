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

/**
 * site-interface 6: at least one stream-item frame -> WebSocket (also when an SSE response exists too); only
 * an SSE response -> SSE; neither -> unknown. A body that only hands the answer off (site-interface 10.2) is
 * no SSE answer: that answer went to the WebSocket, even when no frame of it was recorded.
 */
export function detectTransport(observation: TransportObservation): Transport {
  if (observation.streamItems > 0 || observation.handoffs > 0) return 'websocket';
  if (observation.sseAnswers > 0) return 'sse';
  if (observation.htmlAnswers > 0) return 'html';
  return 'unknown';
}
