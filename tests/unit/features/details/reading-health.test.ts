import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingHealth } from '@/features/details/reading-health';
import { summarize } from '@/lens/cli/summary';
import { inspect } from '@/lens/insights/inspection';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { isRecord, type JsonRecord } from '@/lib/model/json-read';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { createMobileWebTurnReader } from '@/lib/model/mobile-web-turn';
import { createStreamedTurnReader, readStreamedTurn } from '@/lib/model/streamed-turn';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { getConversation, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { mobileWebFailure } from '@/tests/replica/mobile-web-answer';
import { bothFormats, parsedValue } from '@/tests/unit/export/rich-inspection';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';

/** A fixture's tree response, as the site sends it, to be changed before it is read. */
function treeOf(name: FixtureName): { mapping: Record<string, { message?: JsonRecord | null }> } {
  const stored = getConversation(FIXTURE_IDS[name]);
  if (stored === undefined) throw new Error(`no fixture ${name}`);
  return structuredClone(treeResponse(stored)) as {
    mapping: Record<string, { message?: JsonRecord | null }>;
  };
}

const messagesOf = (tree: ReturnType<typeof treeOf>): JsonRecord[] =>
  Object.values(tree.mapping).flatMap((node) => (isRecord(node.message) ? [node.message] : []));

/** A searched turn as the messages format holds it: the prompt, the answer, and `more` between them. */
function searchedPage(more: JsonRecord[] = []): JsonRecord {
  const message = (id: string, role: string, text: string, extra: JsonRecord = {}): JsonRecord => ({
    id,
    author: { role, name: null, metadata: {} },
    create_time: 1_790_000_000,
    content: { content_type: 'text', parts: [text] },
    status: 'finished_successfully',
    recipient: 'all',
    metadata: {},
    ...extra,
  });
  const messages = [
    message('q-user', 'user', 'Which ferries still sail to Corvo in winter?'),
    ...more,
    message('q-answer', 'assistant', 'One ferry sails twice a week from Flores.', { end_turn: true }),
  ];
  return {
    conversation_id: 'c-corvo',
    title: 'Corvo ferries',
    current_node: 'q-answer',
    messages,
    page_info: { has_previous_page: false, has_next_page: false },
  };
}

/** The answer stream of that turn, which says a search started and names no query. */
const searchStartedStream = (): ReturnType<typeof readStreamedTurn> =>
  readStreamedTurn(
    [
      {
        type: 'input_message',
        input_message: { id: 'q-user', author: { role: 'user' } },
        conversation_id: 'c-corvo',
      },
      { type: 'message_marker', marker: 'search_start', conversation_id: 'c-corvo' },
      {
        p: '',
        o: 'add',
        v: {
          message: {
            id: 'q-answer',
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: ['One ferry'] },
            status: 'in_progress',
          },
        },
      },
    ]
      .map((record) => `data: ${JSON.stringify(record)}\n\n`)
      .concat('data: [DONE]\n\n')
      .join(''),
  );

const SEARCH_WITHOUT_QUERY = 'search started, no query read';

const unreadOf = (tree: ReturnType<typeof treeOf>) =>
  inspect({ conversation: parsedValue(normalizeTreeFormat(tree)) }).unread;

/** A name no reader knows: the site's next type, tool or record. */
const unknownName = fc.stringMatching(/^[a-z][a-z0-9_]{2,15}$/).map((name) => `zz_${name}`);

describe('reading health', () => {
  it('reads the replica fixtures, live shapes included, in full', () => {
    for (const name of [
      'webSearch',
      'liveSearch',
      'liveShopping',
      'canvasAndImages',
      'websocket',
      'agentMode',
    ] as const)
      expect(unreadOf(treeOf(name)), name).toEqual([]);
  });

  it('reads the replica fixtures in the messages format too, with no search left without its query', () => {
    for (const name of ['webSearch', 'liveShopping', 'websocket', 'agentMode', 'demo'] as const)
      expect(inspect({ conversation: bothFormats(name).messages }).unread, name).toEqual([]);
  });

  it('counts once a searched turn whose messages name no query, where the messages format holds it', () => {
    const conversation = parsedValue(normalizeMessagesFormat([searchedPage()]));
    const streamedTurns = [searchStartedStream()];
    expect(readingHealth({ conversation, streamedTurns })).toEqual([
      { kind: 'contradiction', name: SEARCH_WITHOUT_QUERY, count: 1, at: ['message_marker.search_start'] },
    ]);
    const results = searchedPage([
      {
        id: 'q-results',
        author: { role: 'tool', name: 'web.run', metadata: {} },
        content: { content_type: 'text', parts: [''] },
        recipient: 'all',
        metadata: { search_result_groups: [{ domain: 'ferries.example', entries: [] }] },
      },
    ]);
    expect(readingHealth({ conversation: parsedValue(normalizeMessagesFormat([results])) })).toEqual([
      {
        kind: 'contradiction',
        name: SEARCH_WITHOUT_QUERY,
        count: 1,
        at: ['message.metadata.search_result_groups'],
      },
    ]);
  });

  it('counts nothing for a deep research, whose researcher searches without naming a query', () => {
    const research = searchedPage([
      {
        id: 'q-results',
        author: { role: 'tool', name: 'web.run', metadata: {} },
        content: { content_type: 'text', parts: [''] },
        recipient: 'all',
        metadata: {
          search_result_groups: [{ domain: 'ferries.example', entries: [] }],
          deep_research_version: 'v2',
        },
      },
    ]);
    expect(readingHealth({ conversation: parsedValue(normalizeMessagesFormat([research])) })).toEqual([]);
  });

  it("counts no citation marker whose ids name one of the turn's search results", () => {
    const result = {
      type: 'search_result',
      url: 'https://ferries.example/corvo',
      title: 'Corvo',
      ref_id: { turn_index: 0, ref_type: 'search', ref_index: 5 },
    };
    const page = searchedPage([
      {
        id: 'q-results',
        author: { role: 'tool', name: 'web.run', metadata: {} },
        content: { content_type: 'text', parts: [''] },
        recipient: 'all',
        metadata: {
          search_model_queries: { queries: ['Corvo ferry winter'] },
          search_result_groups: [{ domain: 'ferries.example', entries: [result] }],
        },
      },
    ]);
    const answer = (page.messages as JsonRecord[]).at(-1) as JsonRecord;
    answer.content = {
      content_type: 'text',
      parts: ['One ferry \ue200cite\ue202turn0search5\ue201 and \ue200cite\ue202turn0search9\ue201.'],
    };
    answer.metadata = { content_references: [] };
    expect(readingHealth({ conversation: parsedValue(normalizeMessagesFormat([page])) })).toEqual([
      {
        kind: 'contradiction',
        name: 'citation marker with no reference to resolve it',
        count: 1,
        at: ['message.content.parts[]'],
      },
    ]);
  });

  it('counts nothing for a searched turn that names its query, or that no messages format holds', () => {
    const withQuery = searchedPage([
      {
        id: 'q-search',
        author: { role: 'tool', name: 'web.run', metadata: {} },
        content: { content_type: 'text', parts: [''] },
        recipient: 'all',
        metadata: { search_model_queries: { queries: ['Corvo ferry winter timetable'] } },
      },
    ]);
    const streamedTurns = [searchStartedStream()];
    const conversation = parsedValue(normalizeMessagesFormat([withQuery]));
    expect(readingHealth({ conversation, streamedTurns })).toEqual([]);
    const page = searchedPage();
    const tree = parsedValue(
      normalizeTreeFormat({
        title: page.title,
        current_node: 'q-answer',
        mapping: Object.fromEntries(
          (page.messages as JsonRecord[]).map((message, at, all) => [
            message.id,
            {
              id: message.id,
              message,
              parent: at === 0 ? null : all[at - 1]?.id,
              children: at + 1 < all.length ? [all[at + 1]?.id] : [],
            },
          ]),
        ),
      }),
    );
    expect(readingHealth({ conversation: tree, streamedTurns })).toEqual([]);
  });

  it('counts a renamed content type, and the message still shows its text', () => {
    const tree = treeOf('webSearch');
    const answer = messagesOf(tree).find(
      (message) =>
        isRecord(message.author) && message.author.role === 'assistant' && isRecord(message.content),
    );
    if (answer === undefined || !isRecord(answer.content)) throw new Error('no answer');
    answer.content.content_type = 'text_v2';
    answer.content.parts = ['Still readable.'];
    const conversation = parsedValue(normalizeTreeFormat(tree));
    const inspection = inspect({ conversation });
    expect(inspection.unread).toEqual([
      { kind: 'content-type', name: 'text_v2', count: 1, at: ['message.content.content_type'] },
    ]);
    expect(conversation.messages.some((message) => message.text === 'Still readable.')).toBe(true);
    expect(summarize(inspection)).toMatch(/^Unread\s+content type text_v2$/m);
  });

  it('counts an unknown tool, but knows the image tool by its metadata under any name', () => {
    const tree = treeOf('webSearch');
    const [first, second] = messagesOf(tree).filter(
      (message) => isRecord(message.author) && message.author.role === 'assistant',
    );
    if (first === undefined || second === undefined) throw new Error('no answers');
    first.recipient = 'telescope.aim';
    second.recipient = 'q8x7zk2.r4m1np0';
    second.metadata = { ...(isRecord(second.metadata) ? second.metadata : {}), image_gen_task_id: 'task_1' };
    expect(unreadOf(tree)).toEqual([
      { kind: 'tool', name: 'telescope.aim', count: 1, at: ['message.recipient'] },
    ]);
  });

  it('names the contradictions: ads named but none read, a stream that ended with no message', () => {
    const conversation = parsedValue(normalizeTreeFormat(treeOf('webSearch')));
    const ads = parsedValue(parseAdsResponse({ entries_by_turn_id: { turn_1: [] } }));
    const unread = readingHealth({
      conversation,
      adsReport: ads,
      streamedTurns: [readStreamedTurn('data: [DONE]\n\n'), readStreamedTurn('data: [DONE]\n\n')],
    });
    expect(unread).toEqual([
      { kind: 'contradiction', name: 'ads response named ads, none read', count: 1, at: ['ads_response'] },
      {
        kind: 'contradiction',
        name: 'answer stream ended without a message',
        count: 2,
        at: ['answer stream'],
      },
    ]);
  });

  it('misses no answer of a stream handed to the resume call, nor of a stream that said the prompt was refused', () => {
    const conversation = parsedValue(normalizeTreeFormat(treeOf('webSearch')));
    const handoff = readStreamedTurn('data: [DONE]\n\n');
    const resumedReader = createStreamedTurnReader();
    resumedReader.resumeAt(0);
    resumedReader.feed(answerStreamFixture('live'));
    resumedReader.end();
    const refused = createMobileWebTurnReader({ prompt: 'Corvo?' });
    refused.feed(mobileWebFailure('c-1', 'Chat verification required'));
    refused.end();
    const streamedTurns = [handoff, resumedReader.turn(), refused.turn()];
    const missing = (turns: typeof streamedTurns) =>
      readingHealth({ conversation, streamedTurns: turns }).filter((entry) => entry.kind === 'contradiction');
    expect(missing(streamedTurns)).toEqual([]);
    // Without the resumed stream after it, the handoff's body is an answer stream that held none.
    expect(missing([handoff, refused.turn()]).map((entry) => entry.name)).toEqual([
      'answer stream ended without a message',
    ]);
  });

  it('shows every renamed content type, reference type and tool, and never throws', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('content-type', 'reference-type', 'tool'),
        unknownName,
        fc.nat(),
        (kind, name, pick) => {
          const tree = treeOf('liveSearch');
          const messages = messagesOf(tree);
          const candidates = messages.filter((message) => {
            if (kind === 'content-type') return isRecord(message.content);
            if (kind === 'tool') return isRecord(message.author) && message.author.role === 'assistant';
            return isRecord(message.metadata) && Array.isArray(message.metadata.content_references);
          });
          const target = candidates[pick % candidates.length];
          if (target === undefined) return;
          if (kind === 'content-type' && isRecord(target.content)) target.content.content_type = name;
          if (kind === 'tool') target.recipient = name;
          if (kind === 'reference-type' && isRecord(target.metadata)) {
            const [reference] = target.metadata.content_references as unknown[];
            if (isRecord(reference)) reference.type = name;
          }
          expect(unreadOf(tree)).toContainEqual(expect.objectContaining({ kind, name }));
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 50) },
    );
  });

  it('counts the stream records and delta operations no reader knows, and leaves the known alone', () => {
    const stream = [
      { type: 'resume_conversation_token', kind: 'topic', token: 'secret-token' },
      { type: 'conversation_async_status', async_status: 7 },
      { type: 'notification', payload: {} },
      { type: 'turn_summary_v2', summary: 'value' },
      { type: 'turn_summary_v2' },
      {
        p: '',
        o: 'add',
        v: {
          message: {
            id: 'm1',
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: [''] },
          },
        },
      },
      { p: '/message/content/parts/0', o: 'splice', v: 'x' },
    ]
      .map((record) => `data: ${JSON.stringify(record)}\n\n`)
      .join('');
    const turn = readStreamedTurn(`${stream}data: [DONE]\n\n`);
    expect(turn.unread).toEqual([
      { kind: 'stream-record', name: 'turn_summary_v2', count: 2, at: ['type'] },
      { kind: 'delta-op', name: 'splice', count: 1, at: ['o'] },
    ]);
    const conversation = parsedValue(normalizeTreeFormat(treeOf('webSearch')));
    expect(readingHealth({ conversation, streamedTurns: [turn, turn] })).toEqual([
      { kind: 'stream-record', name: 'turn_summary_v2', count: 4, at: ['type'] },
      { kind: 'delta-op', name: 'splice', count: 2, at: ['o'] },
    ]);
  });

  it('shows every renamed stream record and delta operation, and never throws', () => {
    const records = [
      { type: 'input_message', input_message: { id: 'u1', author: { role: 'user' } } },
      { type: 'message_marker', marker: 'user_visible_token' },
      {
        p: '',
        o: 'add',
        v: {
          message: {
            id: 'm1',
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: [''] },
          },
        },
      },
      { p: '/message/content/parts/0', o: 'append', v: 'Hello' },
      { type: 'title_generation', title: 'A title' },
      { type: 'message_stream_complete' },
    ];
    fc.assert(
      fc.property(unknownName, fc.nat(), (name, pick) => {
        const renamed = structuredClone(records);
        const target = renamed[pick % renamed.length] as Record<string, unknown>;
        const kind = 'type' in target ? 'stream-record' : 'delta-op';
        if (kind === 'stream-record') target.type = name;
        else target.o = name;
        const text = renamed.map((record) => `data: ${JSON.stringify(record)}\n\n`).join('');
        expect(readStreamedTurn(`${text}data: [DONE]\n\n`).unread).toContainEqual(
          expect.objectContaining({ kind, name }),
        );
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 50) },
    );
  });
});
