import { conversationIdFromPageUrl } from '@/lib/capture/endpoint';
import { type CaptureCounts, NO_CAPTURE } from './capture-counts';
import type { LensSnapshot } from './lens-snapshot';
import type { PageState } from './relay-channel';

/**
 * Everything the UI shows first for one tab (issue 8, item 4), in the session storage area so that a
 * freshly opened popup and a restarted worker find it at once. Plain JSON; no message text, no token.
 */
export interface TabLens {
  tabId: number;
  url: string | null;
  /** The tab shows chatgpt.com (the relay runs there only). */
  onChatSite: boolean;
  /** The conversation the URL names (/c/<id>), or null on any other page of the site. */
  conversationId: string | null;
  visible: boolean;
  focused: boolean;
  /** What was copied of the page's own traffic for this conversation. */
  captured: CaptureCounts;
  /**
   * The conversation as inspected; null on a page that names none. Its summary is null while no format
   * of the conversation is held yet (the load state and errors already show).
   */
  snapshot: LensSnapshot | null;
  updatedAt: number;
}

export function emptyTabLens(tabId: number, now: number): TabLens {
  return {
    tabId,
    url: null,
    onChatSite: false,
    conversationId: null,
    visible: false,
    focused: false,
    captured: NO_CAPTURE,
    snapshot: null,
    updatedAt: now,
  };
}

const onChatSite = (url: string): boolean => {
  try {
    return new URL(url).origin === 'https://chatgpt.com';
  } catch {
    return false;
  }
};

/**
 * The lens after the tab's page state changed. Another conversation starts from nothing: its counts and
 * snapshot are its own (several conversations per tab are independent).
 */
export function withPageState(lens: TabLens, state: PageState, now: number): TabLens {
  const conversationId = conversationIdFromPageUrl(state.url);
  const moved = conversationId !== lens.conversationId;
  return {
    ...lens,
    url: state.url,
    onChatSite: onChatSite(state.url),
    conversationId,
    visible: state.visible,
    focused: state.focused,
    captured: moved ? NO_CAPTURE : lens.captured,
    snapshot: moved ? null : lens.snapshot,
    updatedAt: now,
  };
}
