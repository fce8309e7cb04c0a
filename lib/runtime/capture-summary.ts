import type { EndpointKind } from '@/lib/capture/endpoint';
import { conversationIdFromPageUrl } from '@/lib/capture/endpoint';
import type { PageEvent } from '@/lib/capture/page-event';

/** What the extension has seen in one tab: counts only, never a body. */
export interface TabCaptureSummary {
  url: string | null;
  conversationId: string | null;
  visible: boolean;
  responses: Partial<Record<EndpointKind, number>>;
  websocketFrames: number;
}

export const emptyTabCaptureSummary: TabCaptureSummary = {
  url: null,
  conversationId: null,
  visible: true,
  responses: {},
  websocketFrames: 0,
};

function withPage(summary: TabCaptureSummary, url: string): TabCaptureSummary {
  const conversationId = conversationIdFromPageUrl(url);
  if (conversationId === summary.conversationId) return { ...summary, url };
  // A different conversation starts a fresh count.
  return { ...emptyTabCaptureSummary, visible: summary.visible, url, conversationId };
}

export function applyPageEvent(
  summary: TabCaptureSummary,
  event: PageEvent,
  pageUrl: string,
): TabCaptureSummary {
  const current = withPage(summary, event.type === 'navigation' ? event.url : pageUrl);
  switch (event.type) {
    case 'navigation':
      return current;
    case 'websocket-frame':
      return { ...current, websocketFrames: current.websocketFrames + 1 };
    case 'response':
      return {
        ...current,
        responses: { ...current.responses, [event.endpoint]: (current.responses[event.endpoint] ?? 0) + 1 },
      };
  }
}
