import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamedTurnReader, readStreamedTurn, type StreamedTurn } from '@/lib/model/streamed-turn';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';

const live = answerStreamFixture('live');
const document = answerStreamFixture('document');

const textOf = (message: Record<string, unknown> | undefined): string => {
  const content = (message?.content ?? {}) as { parts?: unknown[]; text?: unknown };
  return String(content.parts?.[0] ?? content.text ?? '');
};
const idsOf = (turn: StreamedTurn): unknown[] => turn.messages.map((message) => message.id);

/** The text fed in the given pieces. */
function readInPieces(text: string, cuts: readonly number[]): StreamedTurn {
  const reader = createStreamedTurnReader();
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.feed(text.slice(from, cut));
    from = cut;
  }
  reader.feed(text.slice(from));
  reader.end();
  return reader.turn();
}

describe('readStreamedTurn: the live v1 deltas', () => {
  const turn = readStreamedTurn(live);

  it('assembles every message the answer opened, in order, as the messages format holds them', () => {
    expect(turn.conversationId).toBe('6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41');
    expect(idsOf(turn)).toEqual(['s-1', 'a-call-1', 't-1', 'a-call-2', 't-2', 'a-1']);
    expect(textOf(turn.messages[1])).toBe(
      '{"search_query": [{"q": "best trail running shoes mud"}, {"q": "trail shoes lugs 2026 review"}]}',
    );
    const answer = turn.messages.at(-1);
    expect(textOf(answer)).toMatch(/^For deep mud, pick 6 mm lugs and a snug heel .*spaced lugs .*\.$/);
    expect(answer).toMatchObject({ status: 'finished_successfully', end_turn: true });
  });

  it('applies replace, remove, patch lists and object appends to the references', () => {
    const metadata = turn.messages.at(-1)?.metadata as Record<string, unknown>;
    const references = metadata.content_references as Record<string, unknown>[];
    // The hidden placeholder was replaced by the citation it stood for; the second lost its `invalid`.
    expect(references.map((reference) => reference.type)).toEqual(['grouped_webpages', 'grouped_webpages']);
    expect(references[1]).not.toHaveProperty('invalid');
    expect(metadata).toMatchObject({ is_complete: true, safe_urls: ['https://irunfar.example/mud-shoes'] });
    expect(metadata.search_result_groups).toHaveLength(2);
    // The merge kept what was there before.
    expect(metadata.model_slug).toBe('gpt-5-thinking');
  });

  it('reads the typed records: prompt, markers, server metadata, title, completion', () => {
    expect(turn.inputMessage).toMatchObject({ id: 'u-1', author: { role: 'user' } });
    expect(turn.markers).toEqual(['user_visible_token', 'search_start', 'last_token']);
    expect(turn.serverMetadata).toMatchObject({ is_search: true, search_tool_call_count: 2 });
    expect(turn.title).toBe('Trail shoes for mud');
    expect(turn.defaultModelSlug).toBe('gpt-5-thinking');
    expect(turn).toMatchObject({ ended: true, complete: true, answered: true, warnings: [] });
  });

  it('reads the streamed ad unit with its links clean, and keeps no secret at all', () => {
    expect(turn.ads).toHaveLength(1);
    expect(turn.ads[0]).toMatchObject({
      advertiser: { name: 'Summit Trail Co.' },
      cards: [{ title: 'Mudline GTX', url: 'https://www.summittrail.example/mudline?utm_source=chatgpt' }],
    });
    expect(turn.ads[0]?.removedTrackingParams).toEqual(expect.arrayContaining(['oppref', 'olref']));
    expect(JSON.stringify(turn)).not.toMatch(/canary-|ads_spam_integrity_payload|eyJhbGci/);
  });
});

describe('readStreamedTurn: the document form', () => {
  it('takes each whole copy of the message as the latest', () => {
    const turn = readStreamedTurn(document);
    expect(idsOf(turn)).toEqual(['da-1']);
    expect(textOf(turn.messages[0])).toBe('Rest it for five minutes, tented in foil.');
    expect(turn.inputMessage).toMatchObject({ id: 'du-1' });
    expect(turn).toMatchObject({ ended: true, complete: true, answered: true, warnings: [] });
    expect(JSON.stringify(turn)).not.toContain('canary-');
  });
});

describe('createStreamedTurnReader: what costs nothing to ask', () => {
  const factsOf = (text: string) => {
    const reader = createStreamedTurnReader();
    reader.feed(text);
    reader.end();
    return reader.facts();
  };

  it('says whether an answer that searched carried its queries: only then does the stream hold it whole', () => {
    expect(factsOf(live)).toMatchObject({ complete: true, warningCount: 0, lacksQueries: false });
    expect(factsOf(document)).toMatchObject({ complete: true, lacksQueries: false });
    // The document form's answer with its search's results, but no web.run message naming a query.
    const searchedDocument = document.replace(
      '"is_complete":true',
      '"is_complete":true,"search_result_groups":[{"domain":"ferries.example","entries":[]}]',
    );
    expect(factsOf(searchedDocument)).toMatchObject({ complete: true, lacksQueries: true });
  });
});

describe('readStreamedTurn: the same text, any pieces', () => {
  it.each([
    ['live', live],
    ['document', document],
  ])('gives the %s turn whatever the pieces', (_, text) => {
    const whole = readStreamedTurn(text);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 40 }), (cuts) => {
        expect(readInPieces(text, cuts)).toEqual(whole);
      }),
      { numRuns: 150 },
    );
  });
});

describe('readStreamedTurn: what the wild sends', () => {
  it('keeps what arrived of a stream cut off mid-record, and says so', () => {
    const cut = live.slice(0, live.indexOf(' and a snug heel') + 5);
    const turn = readStreamedTurn(cut);
    expect(textOf(turn.messages.at(-1))).toBe('For deep mud, pick 6 mm lugs');
    expect(turn).toMatchObject({ ended: false, complete: false });
    expect(turn.warnings).toEqual(['A stream record is not JSON; skipped.']);
  });

  it('skips a malformed record, counts it, and reads on', () => {
    const damaged = live.replace('data: {"v": " and a snug heel', 'data: {"v": oops');
    const turn = readStreamedTurn(damaged);
    expect(turn.warnings).toHaveLength(1);
    expect(turn.complete).toBe(true);
    expect(textOf(turn.messages.at(-1))).toMatch(/^For deep mud, pick 6 mm lugs\. Mud releases/);
  });

  it('names the topics a handoff sent the answer to, and answers nothing itself', () => {
    const turn = readStreamedTurn(
      'event: delta_encoding\ndata: "v1"\n\ndata: {"type": "stream_handoff", "conversation_id": "c1", ' +
        '"options": [{"type": "subscribe_ws_topic", "topic_id": "conversation-turn-t1"}, ' +
        '{"type": "subscribe_ws_topic", "topic_id": ""}, {"type": "subscribe_ws_topic"}]}\n\ndata: [DONE]\n\n',
    );
    expect(turn).toMatchObject({
      conversationId: 'c1',
      handoffTopics: ['conversation-turn-t1'],
      answered: false,
    });
  });

  it('skips a record nested deeper than the stack can copy, and keeps the rest of the turn', () => {
    const deep = `${'{"a":['.repeat(20_000)}1${']}'.repeat(20_000)}`;
    const turn = readStreamedTurn(
      `data: {"type": "input_message", "input_message": ${deep}}\n\n` +
        'data: {"type": "title_generation", "title": "Cookies", "conversation_id": "c1"}\n\ndata: [DONE]\n\n',
    );
    expect(turn).toMatchObject({ title: 'Cookies', conversationId: 'c1', ended: true });
    expect(turn.warnings).toContain('A stream record could not be read; skipped.');
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.string(), fc.constantFrom('data: ', '\n\n', '{"p": "', '"o": "append"', '[DONE]')),
          { maxLength: 30 },
        ),
        (pieces) => {
          const reader = createStreamedTurnReader();
          for (const piece of pieces) reader.feed(piece);
          reader.end();
          expect(reader.turn().warnings.length).toBeLessThanOrEqual(20);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not let a delta reach an object prototype', () => {
    readStreamedTurn(
      'event: delta\ndata: {"p": "", "o": "add", "v": {"message": {"id": "m", "metadata": {}}}}\n\n' +
        'event: delta\ndata: {"p": "/message/__proto__/polluted", "o": "replace", "v": true}\n\n',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
