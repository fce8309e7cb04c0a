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
 * The page hook's copy of a submit call the live site handed off to a WebSocket topic (site-interface 10.2),
 * whole in one piece: its resume token already dropped.
 */
export const handoffEvent = (conversationId: string, topicId: string, stream = 1): AnswerStreamEvent => ({
  type: 'answer-stream',
  stream,
  status: 200,
  text:
    'event: delta_encoding\ndata: "v1"\n\n' +
    `data: {"type": "stream_handoff", "conversation_id": "${conversationId}", ` +
    `"options": [{"type": "subscribe_ws_topic", "topic_id": "${topicId}"}]}\n\ndata: [DONE]\n\n`,
  ended: true,
  truncated: false,
  url: 'https://chatgpt.com/backend-api/f/conversation',
});
