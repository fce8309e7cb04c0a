import { describe, expect, it } from 'vitest';
import type { AnswerStreamEvent } from '@/lib/capture/page-event';
import { withoutSecrets } from '@/lib/capture/stream-secrets';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import {
  RESUMED_ADVERTISER,
  RESUMED_CITED_DOMAIN,
  RESUMED_QUERIES,
  resumedStreamEvents,
} from '@/tests/unit/fixtures/resumed-stream';
import { openConversation, TAB, workerOver } from './worker-setup';

/**
 * The stream resumed over SSE (site-interface 10.15), in the worker: a resume call's stream joins its
 * conversation and answer by the request's conversation_id and offset, whether or not the part before it
 * was seen, and a resume refused because the answer is stored already is passed over quietly.
 */
const ID = FIXTURE_IDS.plain;
const events = resumedStreamEvents(ID).filter((event) => !event.startsWith(':'));
const SUBMIT_URL = 'https://chatgpt.com/backend-api/f/conversation';
const RESUME_URL = 'https://chatgpt.com/backend-api/f/conversation/resume';

const piece = (stream: number, text: string, fields: Partial<AnswerStreamEvent> = {}): AnswerStreamEvent => ({
  type: 'answer-stream',
  stream,
  status: 200,
  text,
  ended: true,
  truncated: false,
  url: SUBMIT_URL,
  ...fields,
});

const resume = (stream: number, offset: number, text: string): AnswerStreamEvent =>
  piece(stream, text, { url: RESUME_URL, request: JSON.stringify({ conversation_id: ID, offset }) });

/** The submit call's short body that hands the answer on, its options as a list or as one object. */
const handoff = (options: unknown): string =>
  withoutSecrets(
    [
      'event: delta_encoding\ndata: "v1"\n\n',
      `data: ${JSON.stringify({ type: 'resume_conversation_token', token: 'eyJ.canary-resume.sig', conversation_id: ID })}\n\n`,
      `data: ${JSON.stringify({ type: 'stream_handoff', conversation_id: ID, options })}\n\n`,
      'data: [DONE]\n\n',
    ].join(''),
  );

const LIST_OPTIONS = [{ type: 'resume_sse_endpoint', endpoint: '/backend-api/f/conversation/resume' }];
const OBJECT_OPTIONS = { transport: 'sse', resume_token: 'eyJ.canary-handoff-resume.sig' };

describe('the worker follows an answer resumed over SSE', () => {
  for (const [form, options] of [
    ['a list', LIST_OPTIONS],
    ['one object', OBJECT_OPTIONS],
  ] as const) {
    it(`shows its queries, cited pages and ad after a handoff whose options are ${form}, asking for nothing`, async () => {
      const setup = workerOver();
      await openConversation(setup, ID);
      const asked = setup.backend.backendRequests().length;
      await setup.worker.pageEvent(TAB, piece(1, handoff(options)));
      await setup.worker.pageEvent(TAB, { ...resume(2, 0, events.slice(0, 6).join('')), ended: false });
      await setup.advance(1_000);
      expect(setup.memory.lens()?.snapshot?.queries?.queries.map((query) => query.text)).toEqual(
        expect.arrayContaining(RESUMED_QUERIES),
      );
      await setup.worker.pageEvent(TAB, resume(2, 0, events.slice(6).join('')));
      await setup.advance(2_000);
      const lens = setup.memory.lens();
      const snapshot = lens?.snapshot;
      expect(snapshot?.sources.filter((source) => source.cited).map((source) => source.domain)).toContain(
        RESUMED_CITED_DOMAIN,
      );
      expect(snapshot?.ads?.ads.map((ad) => ad.advertiser)).toContain(RESUMED_ADVERTISER);
      expect(snapshot?.transport).toBe('sse');
      expect(snapshot?.transportCounts).toMatchObject({ sseAnswers: 1, resumed: 1, handoffs: 0 });
      expect(lens?.captured.responses).toMatchObject({ 'submit-prompt': 1, 'resume-stream': 1 });
      // The record no reader knows is named in reading health.
      expect(snapshot?.unread.map((entry) => entry.name)).toContain('turn_weather_report');
      expect(snapshot?.unread.map((entry) => entry.name)).not.toContain('safety_review_update');
      expect(setup.backend.backendRequests()).toHaveLength(asked);
      expect(JSON.stringify(lens)).not.toMatch(/canary-/);
    });
  }

  it('goes on with the answer whose first part it saw, reading no event twice', async () => {
    const setup = workerOver();
    await openConversation(setup, ID);
    // The first part came over SSE and broke off after 8 events; the page resumes from event 5.
    await setup.worker.pageEvent(TAB, piece(1, events.slice(0, 8).join(''), { truncated: true }));
    await setup.worker.pageEvent(TAB, resume(2, 5, events.slice(5).join('')));
    await setup.advance(2_000);
    const snapshot = setup.memory.lens()?.snapshot;
    expect(snapshot?.queries?.queries.map((query) => query.text)).toEqual(
      expect.arrayContaining(RESUMED_QUERIES),
    );
    expect(snapshot?.sources.filter((source) => source.cited).map((source) => source.domain)).toContain(
      RESUMED_CITED_DOMAIN,
    );
    expect(snapshot?.transportCounts.resumed).toBe(1);
    const answer = await setup.worker.prepareExport(TAB, 'md');
    expect(answer.ok).toBe(true);
    // The text appended before the cut is there once.
    expect(JSON.stringify(setup.memory.lens())).not.toMatch(/longest A three-layer/);
  });

  it('reads the resumed part alone when the part before it was never seen', async () => {
    const setup = workerOver();
    await openConversation(setup, ID);
    // From the event that opens the answer: the search before it was never seen.
    await setup.worker.pageEvent(TAB, resume(1, 4, events.slice(4).join('')));
    await setup.advance(2_000);
    const snapshot = setup.memory.lens()?.snapshot;
    expect(snapshot?.ads?.ads.map((ad) => ad.advertiser)).toContain(RESUMED_ADVERTISER);
    expect(snapshot?.transport).toBe('sse');
    expect(snapshot?.transportCounts.resumed).toBe(1);
  });

  it('passes over a late resume answered 410 persisted_final_available: no refusal, no stream', async () => {
    const setup = workerOver();
    await openConversation(setup, ID);
    const asked = setup.backend.backendRequests().length;
    const late = '{"detail": {"code": "persisted_final_available", "message": "The answer is stored."}}';
    await setup.worker.pageEvent(TAB, { ...resume(1, 16, late), status: 410 });
    await setup.advance(2_000);
    const lens = setup.memory.lens();
    expect(lens?.refusal).toBeNull();
    expect(lens?.snapshot?.transport).toBe('unknown');
    expect(lens?.snapshot?.unread).toEqual([]);
    expect(setup.backend.backendRequests()).toHaveLength(asked);
  });
});
