import type { PageState } from '@/lens/runtime/contract/relay-channel';
import { NO_CAPTURE, type TabLens } from '@/lens/runtime/contract/tab-lens';
import {
  conversationIdFromPageUrl,
  isChatSiteUrl,
  isSignedOutChatPage,
  isStreamNamedChatPage,
} from '@/lib/capture/endpoint';

/**
 * The lens after the tab's page state changed. Another conversation starts from nothing: its counts and
 * snapshot are its own (several conversations per tab are independent).
 */
export function withPageState(lens: TabLens, state: PageState, now: number): TabLens {
  // A chat its streams named (signed out, temporary) stays on a page that names none until the page moves.
  const namedByStream =
    (lens.signedOut || isStreamNamedChatPage(state.url)) && state.url === lens.url
      ? lens.conversationId
      : null;
  const conversationId = conversationIdFromPageUrl(state.url) ?? namedByStream;
  const moved = conversationId !== lens.conversationId;
  return {
    ...lens,
    url: state.url,
    onChatSite: isChatSiteUrl(state.url),
    conversationId,
    // A /uc/ page is a signed-out chat's whatever came before it (site-interface 10.16).
    signedOut: isSignedOutChatPage(state.url) || (moved ? false : lens.signedOut),
    visible: state.visible,
    focused: state.focused,
    captured: moved ? NO_CAPTURE : lens.captured,
    snapshot: moved ? null : lens.snapshot,
    refusal: moved ? null : lens.refusal,
    updatedAt: now,
  };
}

/**
 * The lens after an answer stream named its conversation on a page that names none: the chat it streams is
 * the tab's, and a new chat's stream starts it afresh. So for a signed-out chat (site-interface 10.10,
 * `signedOut`), a temporary chat and a transient page (site-interface 10.12); on any other page the page's
 * address names the chat.
 */
export function withStreamedChat(
  lens: TabLens,
  streamConversationId: string | null,
  signedOut: boolean,
  now: number,
): TabLens {
  const pageNamesOne = lens.url !== null && conversationIdFromPageUrl(lens.url) !== null;
  const marked = signedOut && !lens.signedOut ? { ...lens, signedOut: true, updatedAt: now } : lens;
  if (pageNamesOne || streamConversationId === null || streamConversationId === lens.conversationId)
    return marked;
  if (!signedOut && (lens.url === null || !isStreamNamedChatPage(lens.url))) return marked;
  return {
    ...lens,
    conversationId: streamConversationId,
    signedOut,
    snapshot: null,
    refusal: null,
    updatedAt: now,
  };
}
