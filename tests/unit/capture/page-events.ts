import type { AnswerStreamEvent, CapturedResponseEvent } from '@/lib/capture/page-event';

/** The page hook's copy of a tree response (site-interface 4.2) for one conversation. */
export const treeResponseEvent = (conversationId: string): CapturedResponseEvent => ({
  type: 'response',
  endpoint: 'conversation-tree',
  conversationId,
  url: `https://chatgpt.com/backend-api/conversation/${conversationId}`,
  status: 200,
  retryAfter: null,
  requestBody: null,
  body: '{}',
  truncated: false,
});

/**
 * The page hook's reading of a submit call the live site handed off to a WebSocket topic (site-interface 6).
 */
export const handoffEvent = (conversationId: string, topicId: string): AnswerStreamEvent => ({
  type: 'answer-stream',
  status: 200,
  conversationId,
  handoffTopics: [topicId],
  answered: false,
  ended: true,
  truncated: false,
});
