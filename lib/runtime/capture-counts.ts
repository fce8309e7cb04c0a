import type { EndpointKind } from '@/lib/capture/endpoint';
import type { PageEvent } from '@/lib/capture/page-event';

/**
 * What the extension copied of the page's own traffic for the tab's conversation: counts only, never a
 * body, a frame or a token. The counts view of the popup reads them from the tab lens.
 */
export interface CaptureCounts {
  /** Copied responses per endpoint; 'submit-prompt' counts the submit call's reduced answer streams. */
  responses: Partial<Record<EndpointKind, number>>;
  /** WebSocket frames that carried stream items (interface 6). */
  websocketFrames: number;
  /** Answer items in those frames, a catch-up replay counted again ('done' items left out). */
  streamItems: number;
  /** Submit calls whose SSE body handed the answer to a WebSocket topic (the live site's form). */
  handoffs: number;
}

export const NO_CAPTURE: CaptureCounts = { responses: {}, websocketFrames: 0, streamItems: 0, handoffs: 0 };

/**
 * One more response of the endpoint. A tree poll that repeated the last tree is no copy and is not
 * counted (TabRuntime.responseUnchanged): its count would rewrite the whole tab lens every 5 s.
 */
const countResponse = (counts: CaptureCounts, endpoint: EndpointKind): CaptureCounts => ({
  ...counts,
  responses: { ...counts.responses, [endpoint]: (counts.responses[endpoint] ?? 0) + 1 },
});

export function countPageEvent(counts: CaptureCounts, event: PageEvent): CaptureCounts {
  switch (event.type) {
    case 'stream-items':
      return {
        ...counts,
        websocketFrames: counts.websocketFrames + 1,
        streamItems: counts.streamItems + event.items.filter((item) => item.kind === 'stream-item').length,
      };
    case 'answer-stream':
      return {
        ...countResponse(counts, 'submit-prompt'),
        handoffs: counts.handoffs + (event.handoffTopics.length > 0 ? 1 : 0),
      };
    case 'response':
      return countResponse(counts, event.endpoint);
  }
}
