import { describe, expect, it } from 'vitest';
import { inspectFileText } from '@/lens/cli/inspect-file';
import { summarize } from '@/lens/cli/summary';
import { streamItem, topicMessage } from '@/tests/replica/live-wire';
import { har, harEntry } from '@/tests/support/build-har';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';
import {
  RESUMED_ADVERTISER,
  RESUMED_CITED_DOMAIN,
  RESUMED_CONVERSATION,
  RESUMED_QUERIES,
  resumedStreamText,
} from '@/tests/unit/fixtures/resumed-stream';

/** `inspect` of a HAR that recorded only answer streams (site-interface 10.6): the turns are in them. */
const CID = '6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41';
const live = answerStreamFixture('live');
const topic = 'conversation-turn-t9';

const submitCall = (body: string) =>
  harEntry({
    method: 'POST',
    path: '/backend-api/f/conversation',
    mimeType: 'text/event-stream',
    requestBody: JSON.stringify({ conversation_id: CID, action: 'next' }),
    body,
  });

function inspected(file: unknown) {
  const result = inspectFileText(JSON.stringify(file));
  if (!result.ok) throw new Error(result.error.message);
  const [inspection] = result.value.inspections;
  if (inspection === undefined) throw new Error('no conversation');
  return inspection;
}

function expectStreamedTurn(inspection: ReturnType<typeof inspected>): void {
  expect(inspection.conversation.title).toBe('Trail shoes for mud');
  expect(inspection.queries.queries.map((query) => [query.kind, query.text])).toEqual(
    expect.arrayContaining([
      ['search', 'best trail running shoes mud'],
      ['search', 'trail shoes lugs 2026 review'],
      ['open', 'https://www.runnersworld.example/gear/best-trail-shoes'],
    ]),
  );
  expect(inspection.sources.filter((source) => source.cited).map((source) => source.domain)).toEqual([
    'runnersworld.example',
    'irunfar.example',
  ]);
  expect(inspection.ads?.ads).toEqual([
    expect.objectContaining({ advertiser: 'Summit Trail Co.', streamed: true }),
  ]);
  expect(inspection.turnFacts).toEqual([
    expect.objectContaining({ searched: true, searchEvidence: 'stream', streamed: true }),
  ]);
  expect(JSON.stringify(inspection)).not.toMatch(/canary-|eyJhbGci/);
}

describe('inspect: a HAR of answer streams alone', () => {
  it('reads the turn of an SSE answer: messages, queries, sources, ads, transport and summary', () => {
    const inspection = inspected(har([submitCall(live)]));
    expectStreamedTurn(inspection);
    expect(inspection.transport).toBe('sse');
    expect(summarize(inspection)).toContain('Trail shoes for mud');
  });

  it('reads the turn of a WebSocket answer handed off by the submit call', () => {
    const handoff =
      'event: delta_encoding\ndata: "v1"\n\n' +
      `data: {"type": "stream_handoff", "conversation_id": "${CID}", "options": [{"type": "subscribe_ws_topic", "topic_id": "${topic}"}]}\n\n` +
      'data: [DONE]\n\n';
    const frames = live
      .split(/(?<=\n\n)/)
      .map((event, index) => JSON.stringify([topicMessage(topic, streamItem(`${topic}-${index}`, event))]));
    frames.push(JSON.stringify([topicMessage(topic, { type: 'done' })]));
    const socket = harEntry({
      origin: 'wss://ws.chatgpt.com',
      path: '/ws/live',
      status: 101,
      body: '',
      webSocketFrames: frames,
    });
    const inspection = inspected(har([socket, submitCall(handoff)]));
    expectStreamedTurn(inspection);
    expect(inspection.transport).toBe('websocket');
  });

  it('reads a HAR holding only a resume call and its stream (site-interface 10.15)', () => {
    const resumeCall = harEntry({
      method: 'POST',
      path: '/backend-api/f/conversation/resume',
      mimeType: 'text/event-stream',
      requestBody: JSON.stringify({ conversation_id: RESUMED_CONVERSATION, offset: 0 }),
      body: resumedStreamText(),
    });
    const inspection = inspected(har([resumeCall]));
    expect(inspection.conversation.id).toBe(RESUMED_CONVERSATION);
    expect(inspection.queries.queries.map((query) => query.text)).toEqual(
      expect.arrayContaining(RESUMED_QUERIES),
    );
    expect(inspection.sources.filter((source) => source.cited).map((source) => source.domain)).toEqual([
      RESUMED_CITED_DOMAIN,
    ]);
    expect(inspection.ads?.ads).toEqual([
      expect.objectContaining({ advertiser: RESUMED_ADVERTISER, streamed: true }),
    ]);
    expect(inspection.transport).toBe('sse');
  });

  it('says what it lacks when a HAR holds neither a conversation nor a stream', () => {
    const result = inspectFileText(
      JSON.stringify(har([harEntry({ path: '/backend-api/settings', body: '{}' })])),
    );
    expect(result.ok ? null : result.error.message).toBe(
      'The HAR file holds no conversation response and no answer stream from chatgpt.com.',
    );
  });
});
