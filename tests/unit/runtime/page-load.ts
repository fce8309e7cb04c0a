import type { LensWorker } from '@/lens/runtime/worker/lens-worker';
import type { CapturedResponseEvent, CopiedEndpointKind, PageEvent } from '@/lib/capture/page-event';
import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { messagesResponse, type StoredConversation, treeResponse } from '@/tests/replica/fixtures/formats';

/** A response of the page's own traffic as the page hook copies it and the relay passes it on. */
export const capturedResponse = (
  endpoint: CopiedEndpointKind,
  conversationId: string | null,
  path: string,
  body: unknown,
  extra: Partial<CapturedResponseEvent> = {},
): CapturedResponseEvent => ({
  type: 'response',
  endpoint,
  conversationId,
  url: `https://chatgpt.com${path}`,
  status: 200,
  retryAfter: null,
  requestBody: null,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  truncated: false,
  ...extra,
});

/**
 * What the page loads on opening a conversation (site-interface 4.1 to site-interface 4.3, and
 * site-interface 4.6), as the hook copies it.
 */
export const pageLoad = (
  id: string,
  conversation: StoredConversation = storedConversation(id),
): PageEvent[] => [
  capturedResponse('conversation-tree', id, `/backend-api/conversation/${id}`, treeResponse(conversation)),
  capturedResponse(
    'conversation-messages',
    id,
    `/backend-api/conversations/${id}?include_has_versions=true&num_turns=100`,
    messagesResponse(conversation, { numTurns: 100 }),
  ),
  capturedResponse('me', null, '/backend-api/me', meResponse()),
  capturedResponse('ads', id, `/backend-api/bazaar/conversation/${id}/ads`, adsResponse(id, true, 'live')),
];

/** The relay's page state of a tab showing the conversation. */
export const visibleAt = (id: string, visible = true): Parameters<LensWorker['pageState']>[1] => ({
  url: `https://chatgpt.com/c/${id}`,
  visible,
  focused: visible,
});
