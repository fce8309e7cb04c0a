import { conversationIdFromPageUrl, isChatSiteUrl } from '@/lib/capture/endpoint';
import type { PageState } from '@/lib/runtime/contract/relay-channel';
import { NO_CAPTURE, type TabLens } from '@/lib/runtime/contract/tab-lens';

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
    onChatSite: isChatSiteUrl(state.url),
    conversationId,
    visible: state.visible,
    focused: state.focused,
    captured: moved ? NO_CAPTURE : lens.captured,
    snapshot: moved ? null : lens.snapshot,
    refusal: moved ? null : lens.refusal,
    updatedAt: now,
  };
}
