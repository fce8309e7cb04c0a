import { describe, expect, it } from 'vitest';
import { applyPageEvent, emptyTabCaptureSummary } from '@/lib/runtime/capture-summary';
import { treeResponseEvent } from '../capture/page-events';

describe('applyPageEvent', () => {
  it('counts responses per endpoint and stream frames for the open conversation', () => {
    const page = 'https://chatgpt.com/c/a1';
    let summary = applyPageEvent(emptyTabCaptureSummary, treeResponseEvent('a1'), page);
    summary = applyPageEvent(summary, treeResponseEvent('a1'), page);
    summary = applyPageEvent(
      summary,
      { type: 'websocket-frame', url: 'wss://chatgpt.com/ws', data: 'x' },
      page,
    );
    expect(summary).toMatchObject({
      conversationId: 'a1',
      responses: { 'conversation-tree': 2 },
      websocketFrames: 1,
    });
  });

  it('starts afresh when the tab moves to another conversation', () => {
    const first = applyPageEvent(emptyTabCaptureSummary, treeResponseEvent('a1'), 'https://chatgpt.com/c/a1');
    const moved = applyPageEvent(first, { type: 'navigation', url: 'https://chatgpt.com/c/b2' }, 'ignored');
    expect(moved).toMatchObject({ conversationId: 'b2', responses: {}, websocketFrames: 0 });
  });

  it('keeps the visibility it knew', () => {
    const hidden = { ...emptyTabCaptureSummary, visible: false };
    expect(applyPageEvent(hidden, treeResponseEvent('a1'), 'https://chatgpt.com/c/a1').visible).toBe(false);
  });
});
