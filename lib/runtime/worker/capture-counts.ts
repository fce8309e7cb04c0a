import type { EndpointKind } from '@/lib/capture/endpoint';
import type { PageEvent } from '@/lib/capture/page-event';
import type { CaptureCounts } from '@/lib/runtime/contract/tab-lens';

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
