import { describe, expect, it } from 'vitest';
import type { PageEvent } from '@/lib/capture/page-event';
import { applyPageEvent, emptyTabCaptureSummary } from '@/lib/runtime/capture-summary';
import { treeResponseEvent } from '../capture/page-events';

const topicId = 'conversation-turn-t1';
const streamItems: PageEvent = {
  type: 'stream-items',
  items: [
    { kind: 'stream-item', topicId, conversationId: 'a1', streamItemId: 'si-1' },
    { kind: 'stream-item', topicId, conversationId: null, streamItemId: 'si-2' },
    { kind: 'done', topicId, conversationId: null, streamItemId: null },
  ],
};
const handoff: PageEvent = {
  type: 'answer-stream',
  status: 200,
  conversationId: 'a1',
  handoffTopics: [topicId],
  answered: false,
  ended: true,
  truncated: false,
};

describe('applyPageEvent', () => {
  it('counts responses per endpoint and stream frames for the open conversation', () => {
    const page = 'https://chatgpt.com/c/a1';
    let summary = applyPageEvent(emptyTabCaptureSummary, treeResponseEvent('a1'), page);
    summary = applyPageEvent(summary, treeResponseEvent('a1'), page);
    summary = applyPageEvent(summary, streamItems, page);
    expect(summary).toMatchObject({
      conversationId: 'a1',
      responses: { 'conversation-tree': 2 },
      websocketFrames: 1,
      streamItems: 2,
    });
  });

  it('counts the submit call by its reduced answer stream, and a handoff to the WebSocket as such', () => {
    const page = 'https://chatgpt.com/c/a1';
    const summary = applyPageEvent(
      applyPageEvent(emptyTabCaptureSummary, handoff, page),
      { ...handoff, handoffTopics: [], answered: true },
      page,
    );
    expect(summary).toMatchObject({ responses: { 'submit-prompt': 2 }, handoffs: 1 });
  });

  it('starts afresh when the tab moves to another conversation', () => {
    const first = applyPageEvent(emptyTabCaptureSummary, streamItems, 'https://chatgpt.com/c/a1');
    const moved = applyPageEvent(first, { type: 'navigation', url: 'https://chatgpt.com/c/b2' }, 'ignored');
    expect(moved).toMatchObject({
      conversationId: 'b2',
      responses: {},
      websocketFrames: 0,
      streamItems: 0,
      handoffs: 0,
    });
  });

  it('keeps the visibility it knew', () => {
    const hidden = { ...emptyTabCaptureSummary, visible: false };
    expect(applyPageEvent(hidden, treeResponseEvent('a1'), 'https://chatgpt.com/c/a1').visible).toBe(false);
  });
});
