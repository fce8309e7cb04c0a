import { describe, expect, it } from 'vitest';
import { NO_CAPTURE } from '@/lens/runtime/contract/tab-lens';
import { countHandoff, countPageEvent } from '@/lens/runtime/worker/capture-counts';
import type { PageEvent } from '@/lib/capture/page-event';
import { handoffEvent, treeResponseEvent } from '@/tests/unit/capture/page-events';

const topicId = 'conversation-turn-t1';
const streamItems: PageEvent = {
  type: 'stream-items',
  items: [
    { kind: 'stream-item', topicId, streamItemId: 'si-1', text: 'data: {"v": "a"}\n\n' },
    { kind: 'stream-item', topicId, streamItemId: 'si-2', text: 'data: {"v": "b"}\n\n' },
    { kind: 'done', topicId, streamItemId: null, text: '' },
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

  it('counts the submit call once per answer stream, as it ends, and a handoff to the WebSocket as such', () => {
    const piece = { ...handoff, ended: false };
    const counts = countPageEvent(countPageEvent(countPageEvent(NO_CAPTURE, piece), piece), handoff);
    expect(counts).toMatchObject({ responses: { 'submit-prompt': 1 }, handoffs: 0 });
    expect(countHandoff(counts)).toMatchObject({ handoffs: 1 });
  });
});
