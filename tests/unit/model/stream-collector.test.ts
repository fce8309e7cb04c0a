import { describe, expect, it } from 'vitest';
import { StreamCollector, type StreamItemPiece } from '@/lib/model/stream-collector';
import { handoffEvent } from '@/tests/unit/capture/page-events';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';

const topicId = 'conversation-turn-t1';
const item = (
  streamItemId: string | null,
  text: string,
  extra: Partial<StreamItemPiece> = {},
): StreamItemPiece => ({
  kind: 'stream-item',
  topicId,
  streamItemId,
  text,
  ...extra,
});
const live = answerStreamFixture('live');
/** The live fixture's events, one per stream item, as the live socket sends them. */
const liveEvents = live.split(/(?<=\n\n)/);

describe('StreamCollector: whose stream (site-interface 10.1, the live topic names a turn)', () => {
  it("gives a topic's items to the conversation whose handoff named it, before the page's or the text's", () => {
    const collector = new StreamCollector();
    collector.answerPiece(handoffEvent('a1', topicId), 'page');
    const feed = collector.streamItem(item('s1', liveEvents[4] ?? ''), 'page');
    expect(feed?.owner).toBe('a1');
  });

  it("names the conversation the stream's text names, else the page's", () => {
    const collector = new StreamCollector();
    expect(collector.streamItem(item('s0', liveEvents[0] ?? ''), 'page')?.owner).toBe('page');
    expect(collector.streamItem(item('s1', liveEvents[3] ?? ''), 'page')?.owner).toBe(
      '6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41',
    );
  });

  it('re-reads the owner of a socket a HAR file lists before the handoff that explains it', () => {
    const collector = new StreamCollector();
    const feed = collector.streamItem(item('s0', 'data: {"v": "x"}\n\n'), null);
    expect(feed?.owner).toBeNull();
    collector.answerPiece(handoffEvent('a1', topicId), null);
    expect(feed === null ? null : collector.ownerOf(feed)).toBe('a1');
  });
});

describe('StreamCollector: reading the answer as it comes', () => {
  it('assembles the live answer from its stream items in order, each read once', () => {
    const collector = new StreamCollector();
    liveEvents.forEach((text, index) => {
      expect(collector.streamItem(item(`s${index}`, text), null)).not.toBeNull();
      // A catch-up replays what came before: nothing new.
      expect(collector.streamItem(item(`s${index}`, text), null)).toBeNull();
    });
    const done = collector.streamItem(item(null, '', { kind: 'done' }), null);
    expect(done).toMatchObject({ ended: true, freshItem: false });
    const turn = done?.stream.reader.turn();
    expect(turn?.messages.map((message) => message.id)).toEqual([
      's-1',
      'a-call-1',
      't-1',
      'a-call-2',
      't-2',
      'a-1',
    ]);
    expect(turn?.complete).toBe(true);
  });

  it('reads the SSE answer piece by piece and says when it ended or broke off', () => {
    const collector = new StreamCollector();
    const half = Math.floor(live.length / 2);
    const first = collector.answerPiece(
      { stream: 3, status: 200, text: live.slice(0, half), ended: false, truncated: false },
      null,
    );
    expect(first).toMatchObject({
      key: 'answer:3',
      ended: false,
      stream: { transport: 'sse', cutOff: false },
    });
    const last = collector.answerPiece(
      { stream: 3, status: 200, text: live.slice(half), ended: true, truncated: true },
      null,
    );
    expect(last.stream.reader).toBe(first.stream.reader);
    expect(last).toMatchObject({ ended: true, stream: { cutOff: true } });
    expect(last.stream.reader.facts()).toMatchObject({ complete: true, answered: true });
  });

  it('reads the document form one answer after the other, each ending with its completion', () => {
    const collector = new StreamCollector();
    const document = answerStreamFixture('document').split(/(?<=\n\n)/);
    const feeds = [...document, ...document].map((text) =>
      collector.streamItem(item(null, text, { topicId: null }), 'page'),
    );
    const keys = [...new Set(feeds.map((feed) => feed?.key))];
    expect(keys).toEqual(['socket:1', 'socket:2']);
    expect(feeds.filter((feed) => feed?.ended)).toHaveLength(2);
  });

  it('keeps the streams of a conversation not held yet for it', () => {
    const collector = new StreamCollector();
    const feed = collector.answerPiece(
      { stream: 1, status: 200, text: live, ended: true, truncated: false },
      null,
    );
    collector.keepUnheld(feed);
    expect(collector.claim('other')).toEqual([]);
    expect(collector.claim('6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41')).toEqual([[feed.key, feed.stream]]);
    expect(collector.claim('6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41')).toEqual([]);
  });
});
