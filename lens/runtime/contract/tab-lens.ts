import type { EndpointKind } from '@/lib/capture/endpoint';
import type { SiteRefusal } from '@/lib/model/site-refusal';
import type { LensSnapshot } from './lens-snapshot';

/**
 * What the extension copied of the page's own traffic for the tab's conversation: counts only, never a
 * body, a frame or a token. The counts view of the popup reads them from the tab lens.
 */
export interface CaptureCounts {
  /** Copied responses per endpoint; 'submit-prompt' counts the submit call's reduced answer streams. */
  responses: Partial<Record<EndpointKind, number>>;
  /** WebSocket frames that carried stream items (site-interface 6). */
  websocketFrames: number;
  /** Answer items in those frames, a catch-up replay counted again ('done' items left out). */
  streamItems: number;
  /** Submit calls whose SSE body handed the answer to a WebSocket topic (the live site's form). */
  handoffs: number;
}

export const NO_CAPTURE: CaptureCounts = { responses: {}, websocketFrames: 0, streamItems: 0, handoffs: 0 };

/**
 * Everything the UI shows first for one tab (architecture "Where state lives"), in the session storage area
 * so that a freshly opened popup and a restarted worker find it at once. Plain JSON; no message text, no
 * token.
 */
export interface TabLens {
  tabId: number;
  url: string | null;
  /** The tab shows chatgpt.com (the relay runs there only). */
  onChatSite: boolean;
  /**
   * The conversation the URL names (/c/<id>); on a page that names none, the one a signed-out answer
   * stream named (site-interface 10.10); else null.
   */
  conversationId: string | null;
  /** The tab's chat is used signed out: everything comes from its answer streams, nothing is asked. */
  signedOut: boolean;
  visible: boolean;
  focused: boolean;
  /** What was copied of the page's own traffic for this conversation. */
  captured: CaptureCounts;
  /**
   * The conversation as inspected; null on a page that names none. Its summary is null while no format
   * of the conversation is held yet (the load state and errors already show).
   */
  snapshot: LensSnapshot | null;
  /** The last prompt of this page the site refused instead of answering; null once an answer streams. */
  refusal: SiteRefusal | null;
  updatedAt: number;
}

export function emptyTabLens(tabId: number, now: number): TabLens {
  return {
    tabId,
    url: null,
    onChatSite: false,
    conversationId: null,
    signedOut: false,
    visible: false,
    focused: false,
    captured: NO_CAPTURE,
    snapshot: null,
    refusal: null,
    updatedAt: now,
  };
}
