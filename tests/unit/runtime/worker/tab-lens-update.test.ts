import { describe, expect, it } from 'vitest';
import { emptyTabLens } from '@/lens/runtime/contract/tab-lens';
import { countPageEvent } from '@/lens/runtime/worker/capture-counts';
import { withPageState } from '@/lens/runtime/worker/tab-lens-update';
import { treeResponseEvent } from '@/tests/unit/capture/page-events';

const state = (url: string, visible = true) => ({ url, visible, focused: visible });

describe('withPageState', () => {
  it('follows the conversation the URL names, on the chat site only', () => {
    const lens = withPageState(emptyTabLens(7, 0), state('https://chatgpt.com/c/a1'), 5);
    expect(lens).toMatchObject({ tabId: 7, onChatSite: true, conversationId: 'a1', visible: true });
    const home = withPageState(lens, state('https://chatgpt.com/'), 6);
    expect(home).toMatchObject({ onChatSite: true, conversationId: null });
    expect(withPageState(lens, state('https://example.com/c/a1'), 7)).toMatchObject({
      onChatSite: false,
      conversationId: null,
    });
  });

  it('starts afresh when the tab moves to another conversation, and keeps what it had otherwise', () => {
    const first = withPageState(emptyTabLens(7, 0), state('https://chatgpt.com/c/a1'), 1);
    const counted = { ...first, captured: countPageEvent(first.captured, treeResponseEvent('a1')) };
    expect(withPageState(counted, state('https://chatgpt.com/c/a1?x=1', false), 2)).toMatchObject({
      visible: false,
      captured: { responses: { 'conversation-tree': 1 } },
    });
    expect(withPageState(counted, state('https://chatgpt.com/c/b2'), 3)).toMatchObject({
      conversationId: 'b2',
      captured: { responses: {} },
      snapshot: null,
    });
  });
});
