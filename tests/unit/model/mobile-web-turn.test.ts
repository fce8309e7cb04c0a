import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMobileWebTurnReader,
  type MobileWebRequest,
  readMobileWebRequest,
} from '@/lib/model/mobile-web-turn';
import { refusalText } from '@/lib/model/site-refusal';
import type { StreamedTurn } from '@/lib/model/streamed-turn';
import { mobileWebFailure, mobileWebFrames, mobileWebLines } from '@/tests/replica/mobile-web-answer';
import { HAND_WRITTEN_PIECES, HAND_WRITTEN_TEXT, MOBILE_WEB_SAMPLE } from '@/tests/unit/fixtures/mobile-web';

const PROMPT: MobileWebRequest = { prompt: 'Which ferry reaches Corvo?' };

function read(pieces: readonly string[], request = PROMPT): StreamedTurn {
  const reader = createMobileWebTurnReader(request);
  for (const piece of pieces) reader.feed(piece);
  reader.end();
  return reader.turn();
}

const textOf = (turn: StreamedTurn): unknown =>
  (turn.messages[0]?.content as { parts: string[] } | undefined)?.parts[0];
const SAMPLE_TEXT = MOBILE_WEB_SAMPLE.paragraphs.join('\n\n');
const SAMPLE_PAGES = MOBILE_WEB_SAMPLE.sources.map(({ url, title, attribution }) => ({
  url,
  title,
  attribution,
}));

/** A signed-out answer on the mobile web surface (site-interface 10.16), in each form it takes. */
describe('a mobile web answer', () => {
  it.each([
    ['HTML frames', mobileWebFrames(MOBILE_WEB_SAMPLE)],
    ['JSON lines', mobileWebLines(MOBILE_WEB_SAMPLE)],
  ])('reads its conversation, prompt, answer and cited pages from %s', (_form, pieces) => {
    const turn = read(pieces);
    expect(turn.conversationId).toBe(MOBILE_WEB_SAMPLE.conversationId);
    expect(turn.inputMessage).toMatchObject({
      author: { role: 'user' },
      content: { parts: [PROMPT.prompt] },
    });
    expect(turn.messages).toHaveLength(1);
    expect(turn.messages[0]).toMatchObject({
      id: MOBILE_WEB_SAMPLE.messageId,
      author: { role: 'assistant' },
      status: 'finished_successfully',
      end_turn: true,
      metadata: { content_references: [{ type: 'grouped_webpages', items: SAMPLE_PAGES }] },
    });
    // The citation chip and the sources button are interface, not words of the answer.
    expect(textOf(turn)).toBe(SAMPLE_TEXT);
    expect(turn).toMatchObject({ complete: true, answered: true, refusal: null, warnings: [], unread: [] });
  });

  it('reads the same turn however the body is cut into pieces', () => {
    const whole = mobileWebFrames(MOBILE_WEB_SAMPLE).join('');
    const expected = read([whole]);
    fc.assert(
      fc.property(fc.array(fc.nat(whole.length), { maxLength: 12 }), (cuts) => {
        const at = [0, ...[...new Set(cuts)].sort((a, b) => a - b), whole.length];
        const pieces = at.slice(1).map((end, index) => whole.slice(at[index], end));
        expect(read(pieces)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('shows the pending answer as it grows, and the committed one over it', () => {
    const frames = mobileWebFrames(MOBILE_WEB_SAMPLE);
    const reader = createMobileWebTurnReader(PROMPT);
    // Up to the tail's growth: the first paragraph, pending, not yet finished.
    for (const frame of frames.slice(0, 4)) reader.feed(frame);
    const growing = reader.turn();
    expect(textOf(growing)).toBe(MOBILE_WEB_SAMPLE.paragraphs[0]);
    expect(growing.messages[0]).toMatchObject({ status: 'in_progress', end_turn: false });
    expect(reader.facts()).toMatchObject({ answered: true, complete: false });
    for (const frame of frames.slice(4)) reader.feed(frame);
    reader.end();
    expect(textOf(reader.turn())).toBe(SAMPLE_TEXT);
  });

  it('reads HTML pieces outside any frame: blocks, headings, lists, entities and the canonical path', () => {
    const turn = read([HAND_WRITTEN_PIECES], { prompt: null });
    expect(turn.conversationId).toBe('guest-older-7');
    expect(turn.inputMessage).toBeNull();
    expect(turn.messages[0]?.id).toBe('m-older-1');
    expect(textOf(turn)).toBe(HAND_WRITTEN_TEXT);
  });

  it('takes a failure inside the stream as the refusal it is, with no answer', () => {
    const turn = read([mobileWebFailure('c-refused', 'Chat verification required')]);
    expect(turn.refusal).toEqual({ status: 403, words: 'Chat verification required' });
    expect(refusalText(turn.refusal ?? { status: 0, words: '' })).toBe(
      'The chat site refused the prompt with HTTP 403: Chat verification required.',
    );
    expect(turn).toMatchObject({ answered: false, complete: false, messages: [] });
  });

  it('counts controls and lines it does not know, and reads on past a line that is no JSON', () => {
    const lines = mobileWebLines(MOBILE_WEB_SAMPLE);
    const turn = read([
      '{"type":"control","detail":{"kind":"typing-indicator"}}\n',
      '{"type":"sparkle","html":""}\n',
      '{"type":"content", "messageId": \n',
      ...lines,
    ]);
    expect(turn.unread).toEqual([
      { kind: 'stream-record', name: 'typing-indicator', count: 1, at: ['data-conversation-control'] },
      { kind: 'stream-record', name: 'sparkle', count: 1, at: ['type'] },
    ]);
    expect(turn.warnings).toEqual(['A line of the answer is not JSON; skipped.']);
    expect(textOf(turn)).toBe(SAMPLE_TEXT);
  });

  it('keeps what arrived of a body cut off inside a frame', () => {
    const frames = mobileWebFrames(MOBILE_WEB_SAMPLE);
    const cut = frames.slice(0, 4).join('') + frames[4]?.slice(0, 80);
    const turn = read([cut]);
    expect(textOf(turn)).toBe(MOBILE_WEB_SAMPLE.paragraphs[0]);
    expect(turn.complete).toBe(false);
  });

  it('never throws on any text, and names no conversation it was not given', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom('<', '>', 't', 'e', '"', '=', ' ', '{', '}', '\n', 'a') }),
        ),
        (pieces) => {
          const turn = read(pieces);
          expect(turn.conversationId).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a mobile web answer's request", () => {
  it('keeps the prompt alone of the form a HAR file holds, and of the page hook reduction', () => {
    const form = new URLSearchParams({
      prompt: 'Corvo?',
      chatRequirementsToken: 'secret',
      proofToken: 'secret',
    });
    expect(readMobileWebRequest(form.toString())).toEqual({ prompt: 'Corvo?' });
    expect(readMobileWebRequest('{"prompt":"Corvo?"}')).toEqual({ prompt: 'Corvo?' });
    expect(readMobileWebRequest('{"prompt":')).toEqual({ prompt: null });
    expect(readMobileWebRequest(undefined)).toEqual({ prompt: null });
  });
});
