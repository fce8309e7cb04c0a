import { describe, expect, it } from 'vitest';
import type { PageEvent } from '@/lib/capture/page-event';
import { NO_CAPTURE } from '@/lib/runtime/contract/tab-lens';
import { countPageEvent } from '@/lib/runtime/worker/capture-counts';
import { handoffEvent, treeResponseEvent } from '@/tests/unit/capture/page-events';

const topicId = 'conversation-turn-t1';
const streamItems: PageEvent = {
  type: 'stream-items',
  items: [
    { kind: 'stream-item', topicId, conversationId: 'a1', streamItemId: 'si-1' },
    { kind: 'stream-item', topicId, conversationId: null, streamItemId: 'si-2' },
    { kind: 'done', topicId, conversationId: null, streamItemId: null },
  ],
};
const handoff = handoffEvent('a1', topicId);

describe('countPageEvent', () => {
  it('counts responses per endpoint and stream frames', () => {
    let counts = countPageEvent(NO_CAPTURE, treeResponseEvent('a1'));
    counts = countPageEvent(counts, treeResponseEvent('a1'));
    counts = countPageEvent(counts, streamItems);
    expect(counts).toEqual({
      handoffs: 0,
      responses: { 'conversation-tree': 2 },
      websocketFrames: 1,
      streamItems: 2,
    });
  });

  it('counts the submit call by its reduced answer stream, and a handoff to the WebSocket as such', () => {
    const counts = countPageEvent(countPageEvent(NO_CAPTURE, handoff), {
      ...handoff,
      handoffTopics: [],
      answered: true,
    });
    expect(counts).toMatchObject({ responses: { 'submit-prompt': 2 }, handoffs: 1 });
  });
});
