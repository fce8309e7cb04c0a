/**
 * How the answers of a conversation were streamed (interface 6): a WebSocket whose frames of kind stream-item
 * carry the answer, or an SSE response to the submit call (POST /f/conversation).
 */
export type Transport = 'websocket' | 'sse' | 'unknown';

/** What was observed for one conversation. */
export interface TransportObservation {
  /** WebSocket frames of kind stream-item for the conversation. */
  streamItemFrames: number;
  /** SSE responses to the submit call for the conversation. */
  sseResponses: number;
}

/**
 * interface 6: at least one stream-item frame -> WebSocket (also when an SSE response exists too); only an
 * SSE response -> SSE; neither -> unknown.
 */
export function detectTransport(observation: TransportObservation): Transport {
  if (observation.streamItemFrames > 0) return 'websocket';
  if (observation.sseResponses > 0) return 'sse';
  return 'unknown';
}
