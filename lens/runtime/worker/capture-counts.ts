import type { CaptureCounts } from '@/lens/runtime/contract/tab-lens';
import { type EndpointKind, isResumeCall } from '@/lib/capture/endpoint';
import type { PageEvent } from '@/lib/capture/page-event';

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
    // One copy per answer stream, counted as it ends; whether it handed off is known from its text.
    case 'answer-stream':
      return event.ended
        ? countResponse(counts, isResumeCall(event.url) ? 'resume-stream' : 'submit-prompt')
        : counts;
    case 'response':
      return countResponse(counts, event.endpoint);
  }
}

/** A submit call's answer stream handed its answer to a WebSocket topic (site-interface 10.2). */
export const countHandoff = (counts: CaptureCounts): CaptureCounts => ({
  ...counts,
  handoffs: counts.handoffs + 1,
});
