import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectTransport,
  NOTHING_OBSERVED,
  observeTransports,
  type SeenAnswerStream,
  type SeenStreamItem,
} from '@/lib/insights/transport';

describe('detectTransport (site-interface 6)', () => {
  const transport = (streamItems: number, sseAnswers: number, handoffs = 0) =>
    detectTransport({ streamItems, sseAnswers, handoffs });

  it('says websocket when a stream item was seen', () => {
    expect(transport(3, 0)).toBe('websocket');
  });

  it('says sse when only an SSE answer to the submit call was seen', () => {
    expect(transport(0, 1)).toBe('sse');
  });

  it('says websocket when both were seen', () => {
    expect(transport(1, 2)).toBe('websocket');
  });

  it('says websocket for an answer handed off to a topic, even when no frame of it was recorded', () => {
    expect(transport(0, 0, 1)).toBe('websocket');
  });

  it('says unknown when nothing was seen', () => {
    expect(detectTransport(NOTHING_OBSERVED)).toBe('unknown');
  });

  it('property: WebSocket evidence wins, then an SSE answer', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (items, answers, handoffs) => {
        const expected = items + handoffs > 0 ? 'websocket' : answers > 0 ? 'sse' : 'unknown';
        expect(transport(items, answers, handoffs)).toBe(expected);
      }),
    );
  });
});

const item = (overrides: Partial<SeenStreamItem>): SeenStreamItem => ({
  kind: 'stream-item',
  topicId: null,
  conversationId: null,
  streamItemId: null,
  pageConversationId: null,
  ...overrides,
});
const handoff = (conversationId: string, topic: string): SeenAnswerStream => ({
  conversationId,
  handoffTopics: [topic],
  answered: false,
});

describe('observeTransports', () => {
  it('ties items to the conversation whose handoff named their topic, whichever came first', () => {
    const items = [
      item({ topicId: 'conversation-turn-a', streamItemId: 'si-1', pageConversationId: 'other' }),
      item({ topicId: 'conversation-turn-a', streamItemId: 'si-2' }),
    ];
    const { byConversation } = observeTransports([handoff('c1', 'conversation-turn-a')], items);
    expect(byConversation.get('c1')).toEqual({ streamItems: 2, sseAnswers: 0, handoffs: 1 });
    expect(byConversation.has('other')).toBe(false);
  });

  it('counts a catch-up replay (same stream_item_id) once, and no done item', () => {
    const items = [
      item({ topicId: 't', conversationId: 'c1', streamItemId: 'si-1' }),
      item({ topicId: 't', streamItemId: 'si-1' }),
      item({ topicId: 't', streamItemId: 'si-2' }),
      item({ topicId: 't', streamItemId: 'si-2' }),
      item({ kind: 'done', topicId: 't' }),
    ];
    expect(observeTransports([], items).byConversation.get('c1')?.streamItems).toBe(2);
  });

  it("learns a topic's conversation from an item that names it", () => {
    const items = [
      item({ topicId: 't', streamItemId: 'si-1' }),
      item({ topicId: 't', conversationId: 'c2' }),
    ];
    expect(observeTransports([], items).byConversation.get('c2')?.streamItems).toBe(2);
  });

  it("falls back to the page's conversation, and counts what has none", () => {
    const observed = observeTransports([], [item({ pageConversationId: 'c3' }), item({})]);
    expect(observed.byConversation.get('c3')?.streamItems).toBe(1);
    expect(observed.unattributedItems).toBe(1);
  });

  it('counts a body as an SSE answer only when it carried one', () => {
    const streams: SeenAnswerStream[] = [
      handoff('c4', 'conversation-turn-b'),
      { conversationId: 'c5', handoffTopics: [], answered: true },
      { conversationId: 'c6', handoffTopics: [], answered: false },
      { conversationId: null, handoffTopics: [], answered: true },
    ];
    const { byConversation } = observeTransports(streams, []);
    expect(detectTransport(byConversation.get('c4') ?? NOTHING_OBSERVED)).toBe('websocket');
    expect(detectTransport(byConversation.get('c5') ?? NOTHING_OBSERVED)).toBe('sse');
    expect(detectTransport(byConversation.get('c6') ?? NOTHING_OBSERVED)).toBe('unknown');
  });

  it('property: replaying items in any order never changes the count', () => {
    const seen = fc.array(
      fc.record({
        kind: fc.constantFrom<'stream-item' | 'done'>('stream-item', 'done'),
        topicId: fc.constantFrom('t1', 't2'),
        conversationId: fc.constant('c'),
        streamItemId: fc.constantFrom('a', 'b', 'c', 'd'),
        pageConversationId: fc.constant(null),
      }),
    );
    fc.assert(
      fc.property(seen, fc.nat(), (items, shift) => {
        const once = observeTransports([], items).byConversation.get('c')?.streamItems ?? 0;
        const start = items.length === 0 ? 0 : shift % items.length;
        const replayed = [...items.slice(start), ...items, ...items.slice(0, start)];
        expect(observeTransports([], replayed).byConversation.get('c')?.streamItems ?? 0).toBe(once);
      }),
    );
  });
});
