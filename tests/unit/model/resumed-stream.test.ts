import { describe, expect, it } from 'vitest';
import { createStreamedTurnReader, readStreamedTurn } from '@/lib/model/streamed-turn';
import {
  RESUMED_ADVERTISER,
  RESUMED_CONVERSATION,
  RESUMED_EVENT_COUNT,
  RESUMED_LAST_CODE,
  RESUMED_QUERIES,
  resumedStreamEvents,
  resumedStreamText,
} from '@/tests/unit/fixtures/resumed-stream';

/** A resumed answer stream (site-interface 10.15), in every wire form its events take. */
describe('a resumed answer stream', () => {
  const turn = readStreamedTurn(resumedStreamText());

  it('opens a message for an add with and without its path, and for a bare message', () => {
    expect(turn.conversationId).toBe(RESUMED_CONVERSATION);
    expect(turn.messages.map((message) => message.id)).toEqual(['r-call-1', 'r-tool-1', 'r-answer-1']);
    expect(turn.warnings).toEqual([]);
  });

  it('applies patches without their path and bare lists of operations to the open message', () => {
    const [call, , answer] = turn.messages;
    expect(call?.status).toBe('finished_successfully');
    expect(answer).toMatchObject({ status: 'finished_successfully', end_turn: true });
    expect(turn.complete).toBe(true);
    expect(turn.ended).toBe(true);
  });

  it('keeps the last of a program replaced whole many times', () => {
    const answer = turn.messages[2] as { metadata: { model_dil_v2: { code: string } } };
    expect(answer.metadata.model_dil_v2.code).toBe(RESUMED_LAST_CODE);
  });

  it('reads text appended with its path and bare, through padding and mixed line ends', () => {
    const answer = turn.messages[2] as { content: { parts: string[] } };
    expect(answer.content.parts[0]).toBe(
      'A three-layer shell stays dry longest \ue200cite\ue202turn0search0\ue201.',
    );
  });

  it('holds the queries, the cited page and the ad of the part it carries', () => {
    const tool = turn.messages[1] as { metadata: { search_model_queries: { queries: string[] } } };
    expect(tool.metadata.search_model_queries.queries).toEqual(RESUMED_QUERIES);
    const answer = turn.messages[2] as { metadata: { content_references: Array<{ type: string }> } };
    expect(answer.metadata.content_references.map((reference) => reference.type)).toEqual([
      'grouped_webpages',
    ]);
    expect(turn.ads.map((ad) => ad.advertiser.name)).toEqual([RESUMED_ADVERTISER]);
  });

  it('reads its markers, passes over keep-alive comments, and counts the record no reader knows', () => {
    expect(turn.markers).toEqual(['user_visible_token', 'final_channel_token']);
    expect(turn.unread).toEqual([
      expect.objectContaining({ kind: 'stream-record', name: 'turn_weather_report', count: 1 }),
    ]);
  });

  it('gives the same turn whatever pieces the text comes in, \\r\\n split from its \\n too', () => {
    const text = resumedStreamText();
    const reader = createStreamedTurnReader();
    for (let at = 0; at < text.length; at += 7) reader.feed(text.slice(at, at + 7));
    reader.end();
    const { transport: _, ...pieced } = reader.turn();
    const { transport: __, ...whole } = turn;
    expect(pieced).toEqual(whole);
  });
});

describe('resumeAt', () => {
  const events = resumedStreamEvents();
  /** The text from the answer's event `offset` on (comments are no events). */
  const from = (offset: number): string =>
    events
      .filter((event) => !event.startsWith(':'))
      .slice(offset)
      .join('');
  const upTo = (offset: number): string =>
    events
      .filter((event) => !event.startsWith(':'))
      .slice(0, offset)
      .join('');

  it('counts the events of the resumed fixture as a resume offset does', () => {
    expect(events.filter((event) => !event.startsWith(':'))).toHaveLength(RESUMED_EVENT_COUNT);
  });

  it('skips the events it read already when a resume repeats them', () => {
    const reader = createStreamedTurnReader();
    reader.feed(upTo(8));
    reader.end();
    reader.resumeAt(5);
    reader.feed(from(5));
    reader.end();
    const { transport: _, ...resumed } = reader.turn();
    const { transport: __, ...whole } = readStreamedTurn(resumedStreamText());
    // The same turn, that says it was resumed.
    expect(resumed).toEqual({ ...whole, resumed: true });
  });

  it('counts no event that the first part cut off mid-way: the resume brings it whole', () => {
    const reader = createStreamedTurnReader();
    const cut = upTo(9);
    // The first part breaks off in the middle of its ninth event's data line.
    reader.feed(cut.slice(0, cut.length - 12));
    reader.end();
    reader.resumeAt(8);
    reader.feed(from(8));
    reader.end();
    const turn = reader.turn();
    const { transport: _, warnings, ...resumed } = turn;
    const { transport: __, warnings: ___, ...whole } = readStreamedTurn(resumedStreamText());
    expect(resumed).toEqual({ ...whole, resumed: true });
    expect(warnings).toEqual(['A stream record is not JSON; skipped.']);
  });

  it('says how many events it never saw when the resume starts past them', () => {
    const reader = createStreamedTurnReader();
    reader.resumeAt(5);
    reader.feed(from(5));
    reader.end();
    const turn = reader.turn();
    expect(turn.warnings).toContain('5 events of the answer before its resumed part were not seen.');
    // What the resumed part carries is read all the same.
    expect(turn.ads).toHaveLength(1);
    expect(turn.markers).toEqual(['final_channel_token']);
  });
});
