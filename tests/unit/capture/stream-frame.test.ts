import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import {
  liveEvents,
  RESUME_TOKEN_CANARY,
  streamItem,
  subscribeReply,
  topicMessage,
} from '@/tests/replica/live-wire';

const topic = 'conversation-turn-5c1e9a7e';
const conversationId = '68f0a1c2-3b4d-8005-9e6f-1a2b3c4d5e11';

describe('readStreamFrame, the document form (site-interface 6)', () => {
  it("reads a stream-item frame, its data as one SSE event for the stream's reader", () => {
    const data = { message: { content: { parts: ['Hello'] } }, conversation_id: 'abc' };
    const frame = JSON.stringify({ type: 'stream-item', conversation_id: 'abc', data });
    expect(readStreamFrame(frame)).toEqual([
      { kind: 'stream-item', topicId: null, streamItemId: null, text: `data: ${JSON.stringify(data)}\n\n` },
    ]);
  });

  it('drops the resume token the document form sends as an item (architecture "Secrets")', () => {
    const frame = JSON.stringify({
      type: 'stream-item',
      conversation_id: 'abc',
      data: {
        type: 'resume_conversation_token',
        token: `eyJ.${RESUME_TOKEN_CANARY}x`,
        conversation_id: 'abc',
      },
    });
    expect(readStreamFrame(frame)).toEqual([
      { kind: 'stream-item', topicId: null, streamItemId: null, text: '' },
    ]);
  });
});

describe("readStreamFrame, the live site's form (site-interface 10.1)", () => {
  it('reads each topic message of an array frame, as the site writes it', () => {
    const frame =
      '[{"type":"message","topic_id":"conversation-turn-5c1e9a7e","payload":{"type":"conversation-turn-stream",' +
      '"payload":{"type":"stream-item","stream_item_id":"si-1","encoded_item":"event: delta\\ndata: {\\"v\\":\\"Hi\\"}\\n\\n"}}},' +
      '{"type":"message","topic_id":"conversation-turn-5c1e9a7e","payload":{"type":"conversation-turn-stream",' +
      '"payload":{"type":"done"}}}]';
    expect(readStreamFrame(frame)).toEqual([
      {
        kind: 'stream-item',
        topicId: topic,
        streamItemId: 'si-1',
        text: 'event: delta\ndata: {"v":"Hi"}\n\n',
      },
      { kind: 'done', topicId: topic, streamItemId: null, text: '' },
    ]);
  });

  it('keeps the encoded SSE text of the answer, and drops the event of a resume token', () => {
    const frame = JSON.stringify([
      topicMessage(topic, streamItem('si-2', liveEvents.resumeToken(conversationId))),
      topicMessage(topic, streamItem('si-3', liveEvents.append('The answer text', true))),
    ]);
    const items = readStreamFrame(frame);
    expect(items).toEqual([
      { kind: 'stream-item', topicId: topic, streamItemId: 'si-2', text: '' },
      {
        kind: 'stream-item',
        topicId: topic,
        streamItemId: 'si-3',
        text: liveEvents.append('The answer text', true),
      },
    ]);
    expect(JSON.stringify(items)).not.toContain(RESUME_TOKEN_CANARY);
  });

  it("reads a subscribe reply's catch-ups, under the reply's topic when a message names none", () => {
    const caughtUp = topicMessage(topic, streamItem('si-1', liveEvents.deltaEncoding()));
    const { topic_id: _named, ...withoutTopic } = topicMessage(topic, streamItem('si-2', 'data: {}\n\n'));
    const frame = JSON.stringify([subscribeReply(7, topic, [caughtUp, withoutTopic as typeof caughtUp])]);
    expect(readStreamFrame(frame).map((item) => [item.topicId, item.streamItemId])).toEqual([
      [topic, 'si-1'],
      [topic, 'si-2'],
    ]);
  });

  it('leaves the kind to the turn stream only: "done" elsewhere is not an item', () => {
    expect(readStreamFrame('{"type":"done","note":"turn-stream"}')).toEqual([]);
    expect(readStreamFrame('[{"type":"message","payload":{"type":"done"}}]')).toEqual([]);
  });

  it('gives nothing for other frames, binary frames and broken text', () => {
    expect(readStreamFrame('{"type":"connection-ack","connection_id":"c1"}')).toEqual([]);
    expect(
      readStreamFrame('[{"type":"message","topic_id":"presence","payload":{"type":"presence"}}]'),
    ).toEqual([]);
    expect(readStreamFrame('{"type":"stream-item",')).toEqual([]);
    expect(readStreamFrame(new ArrayBuffer(8) as unknown as string)).toEqual([]);
  });

  it('property: never throws, and every item is one of the two kinds with string-or-null members', () => {
    const anyFrame = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .array(
          fc.record({
            type: fc.constantFrom('message', 'reply', 'stream-item', 'done'),
            topic_id: fc.oneof(fc.string(), fc.integer()),
            payload: fc.jsonValue(),
          }),
        )
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(anyFrame, (frame) => {
        for (const item of readStreamFrame(frame)) {
          expect(['stream-item', 'done']).toContain(item.kind);
          for (const member of [item.topicId, item.streamItemId])
            expect(member === null || typeof member === 'string').toBe(true);
          expect(typeof item.text).toBe('string');
        }
      }),
    );
  });
});
