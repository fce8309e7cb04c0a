import type { Transport, TransportObservation } from '@/lib/model/transport';

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
