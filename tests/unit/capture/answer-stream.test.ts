import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnswerStream } from '@/lib/capture/answer-stream';
import { events, SSE_DONE, sseFrame } from '@/tests/replica/answer-stream';
import { getConversation } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { liveEvents, RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';

const id = FIXTURE_IDS.liveShopping;
const topic = 'conversation-turn-0b7d';
const conversation = getConversation(FIXTURE_IDS.sse);
const assistant = Object.values(conversation?.mapping ?? {}).find(
  (node) => node.message?.author.role === 'assistant',
)?.message;
if (assistant === undefined || assistant === null) throw new Error('fixture has no assistant message');

const handoffBody =
  liveEvents.deltaEncoding() + liveEvents.resumeToken(id) + liveEvents.handoff(id, topic) + liveEvents.done();

describe('readAnswerStream', () => {
  it("reads the live site's handoff: the topic, no answer of its own, and not the resume token", () => {
    const stream = readAnswerStream(handoffBody);
    expect(stream).toEqual({ conversationId: id, handoffTopics: [topic], answered: false, ended: true });
    expect(JSON.stringify(stream)).not.toContain(RESUME_TOKEN_CANARY);
  });

  it("reads the document's SSE answer", () => {
    const body = sseFrame(events.delta('c-1', assistant)) + sseFrame(events.complete('c-1')) + SSE_DONE;
    expect(readAnswerStream(body)).toEqual({
      conversationId: 'c-1',
      handoffTopics: [],
      answered: true,
      ended: true,
    });
  });

  it('reads an answer in the live "v1" delta encoding streamed on the response itself', () => {
    const body =
      liveEvents.deltaEncoding() +
      liveEvents.resumeToken(id) +
      liveEvents.append('Cast iron ', true) +
      liveEvents.append('holds heat.', false) +
      liveEvents.done();
    expect(readAnswerStream(body)).toMatchObject({ conversationId: id, answered: true, ended: true });
  });

  it('does not take the echoed prompt for an answer, in either form', () => {
    const prompt = { ...assistant, author: { role: 'user' as const, name: null, metadata: {} } };
    expect(readAnswerStream(liveEvents.input(id, prompt)).answered).toBe(false);
    expect(readAnswerStream(liveEvents.addMessage(id, prompt)).answered).toBe(false);
    expect(readAnswerStream(liveEvents.addMessage(id, assistant)).answered).toBe(true);
  });

  it('takes any message of the turn for an answer, also one without an author', () => {
    const body = 'data: {"conversation_id":"c-2","message":{"id":"m1","content":{"parts":["Hi"]}}}\n\n';
    expect(readAnswerStream(body)).toMatchObject({ conversationId: 'c-2', answered: true, ended: false });
  });

  it('says when the stream was cut off before [DONE]', () => {
    const body = sseFrame(events.delta('c-1', assistant));
    expect(readAnswerStream(body)).toMatchObject({ answered: true, ended: false });
  });

  it('tolerates spaced JSON, CRLF lines and several topics', () => {
    const body =
      'data: {"type": "stream_handoff", "conversation_id": "c-9", "options": [' +
      '{"type": "subscribe_ws_topic", "topic_id": "conversation-turn-a"},' +
      '{"type": "subscribe_ws_topic", "topic_id": "conversation-turn-b"}]}\r\n\r\ndata: [DONE]\r\n\r\n';
    expect(readAnswerStream(body)).toEqual({
      conversationId: 'c-9',
      handoffTopics: ['conversation-turn-a', 'conversation-turn-b'],
      answered: false,
      ended: true,
    });
  });

  it('property: never throws and never returns the resume token, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constant(handoffBody))), (parts) => {
        const stream = readAnswerStream(parts.join(''));
        expect(JSON.stringify(stream)).not.toContain(RESUME_TOKEN_CANARY);
      }),
    );
  });
});
