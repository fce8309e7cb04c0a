import { conversationIdFromPageUrl, isChatSiteUrl } from '@/lib/capture/endpoint';
import type { PageState } from '@/lib/runtime/contract/relay-channel';
import { NO_CAPTURE, type TabLens } from '@/lib/runtime/contract/tab-lens';

/**
 * The lens after the tab's page state changed. Another conversation starts from nothing: its counts and
 * snapshot are its own (several conversations per tab are independent).
 */
export function withPageState(lens: TabLens, state: PageState, now: number): TabLens {
  // A signed-out chat stays on a page that names no conversation: it is the tab's until the page moves.
  const guestChat = lens.signedOut && state.url === lens.url ? lens.conversationId : null;
  const conversationId = conversationIdFromPageUrl(state.url) ?? guestChat;
  const moved = conversationId !== lens.conversationId;
  return {
    ...lens,
    url: state.url,
    onChatSite: isChatSiteUrl(state.url),
    conversationId,
    signedOut: moved ? false : lens.signedOut,
    visible: state.visible,
    focused: state.focused,
    captured: moved ? NO_CAPTURE : lens.captured,
    snapshot: moved ? null : lens.snapshot,
    refusal: moved ? null : lens.refusal,
    updatedAt: now,
  };
}

/**
 * The lens after a signed-out answer stream named its conversation (site-interface 10.10): on a page that
 * names none, the chat it streams is the tab's, and a new chat's stream starts it afresh.
 */
export function withSignedOutStream(
  lens: TabLens,
  streamConversationId: string | null,
  now: number,
): TabLens {
  const pageNamesOne = lens.url !== null && conversationIdFromPageUrl(lens.url) !== null;
  if (pageNamesOne || streamConversationId === null || streamConversationId === lens.conversationId)
    return lens.signedOut ? lens : { ...lens, signedOut: true, updatedAt: now };
  return {
    ...lens,
    conversationId: streamConversationId,
    signedOut: true,
    snapshot: null,
    refusal: null,
    updatedAt: now,
  };
}
