import type { EndpointKind } from '@/lib/capture/endpoint';
import { conversationIdFromPageUrl } from '@/lib/capture/endpoint';
import type { PageEvent } from '@/lib/capture/page-event';

/** What the extension has seen in one tab: counts only, never a body, a frame or a token. */
export interface TabCaptureSummary {
  url: string | null;
  conversationId: string | null;
  visible: boolean;
  /** Copied responses per endpoint; 'submit-prompt' counts the submit call's reduced answer streams. */
  responses: Partial<Record<EndpointKind, number>>;
  /** WebSocket frames that carried stream items (interface 6). */
  websocketFrames: number;
  /** Answer items in those frames, a catch-up replay counted again ('done' items left out). */
  streamItems: number;
  /** Submit calls whose SSE body handed the answer to a WebSocket topic (the live site's form). */
  handoffs: number;
}

export const emptyTabCaptureSummary: TabCaptureSummary = {
  url: null,
  conversationId: null,
  visible: true,
  responses: {},
  websocketFrames: 0,
  streamItems: 0,
  handoffs: 0,
};

function withPage(summary: TabCaptureSummary, url: string): TabCaptureSummary {
  const conversationId = conversationIdFromPageUrl(url);
  if (conversationId === summary.conversationId) return { ...summary, url };
  // A different conversation starts a fresh count.
  return { ...emptyTabCaptureSummary, visible: summary.visible, url, conversationId };
}

const counted = (
  responses: TabCaptureSummary['responses'],
  endpoint: EndpointKind,
): TabCaptureSummary['responses'] => ({ ...responses, [endpoint]: (responses[endpoint] ?? 0) + 1 });

export function applyPageEvent(
  summary: TabCaptureSummary,
  event: PageEvent,
  pageUrl: string,
): TabCaptureSummary {
  const current = withPage(summary, event.type === 'navigation' ? event.url : pageUrl);
  switch (event.type) {
    case 'navigation':
      return current;
    case 'stream-items':
      return {
        ...current,
        websocketFrames: current.websocketFrames + 1,
        streamItems: current.streamItems + event.items.filter((item) => item.kind === 'stream-item').length,
      };
    case 'answer-stream':
      return {
        ...current,
        responses: counted(current.responses, 'submit-prompt'),
        handoffs: current.handoffs + (event.handoffTopics.length > 0 ? 1 : 0),
      };
    case 'response':
      return { ...current, responses: counted(current.responses, event.endpoint) };
  }
}
