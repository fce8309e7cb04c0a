import { describe, expect, it } from 'vitest';
import type { StreamItem } from '@/lib/capture/stream-frame';
import { TabStreams } from '@/lib/runtime/worker/tab-streams';
import { handoffEvent } from '@/tests/unit/capture/page-events';

const topicId = 'conversation-turn-t1';
const item = (streamItemId: string | null, extra: Partial<StreamItem> = {}): StreamItem => ({
  kind: 'stream-item',
  topicId,
  conversationId: null,
  streamItemId,
  ...extra,
});
const handoff = handoffEvent('a1', topicId);

describe('TabStreams (site-interface 6, the live topic names a turn)', () => {
  it("gives a topic's items to the conversation whose handoff named it, before the page's own", () => {
    const streams = new TabStreams();
    expect(streams.ownerOf(item('s1'), 'page-conversation')).toBe('page-conversation');
    const later = new TabStreams();
    later.noteAnswerStream(handoff);
    expect(later.ownerOf(item('s1'), 'page-conversation')).toBe('a1');
    expect(later.ownerOf(item('s2', { conversationId: 'b2' }), 'page-conversation')).toBe('b2');
  });

  it('counts a catch-up replay and a done item as nothing new', () => {
    const streams = new TabStreams();
    expect(streams.isNewAnswerItem(item('s1'), 'a1')).toBe(true);
    expect(streams.isNewAnswerItem(item('s1'), 'a1')).toBe(false);
    expect(streams.isNewAnswerItem(item('s1'), 'b2')).toBe(true);
    expect(streams.isNewAnswerItem(item(null, { kind: 'done' }), 'a1')).toBe(false);
    expect(streams.isNewAnswerItem(item(null), 'a1')).toBe(true);
  });

  it('stays bounded over a long chat', () => {
    const streams = new TabStreams();
    for (let index = 0; index < 5_000; index += 1) streams.isNewAnswerItem(item(`s${index}`), 'a1');
    // The oldest ids were forgotten, the newest are still known.
    expect(streams.isNewAnswerItem(item('s4999'), 'a1')).toBe(false);
    expect(streams.isNewAnswerItem(item('s0'), 'a1')).toBe(true);
  });
});
