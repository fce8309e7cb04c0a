import type { CapturedResponseEvent } from '@/lib/capture/page-event';

/** The page hook's copy of a tree response (interface 4.2) for one conversation. */
export const treeResponseEvent = (conversationId: string): CapturedResponseEvent => ({
  type: 'response',
  endpoint: 'conversation-tree',
  conversationId,
  url: `https://chatgpt.com/backend-api/conversation/${conversationId}`,
  status: 200,
  requestBody: null,
  body: '{}',
  truncated: false,
});
