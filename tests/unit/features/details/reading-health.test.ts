import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingHealth } from '@/features/details/reading-health';
import { summarize } from '@/lib/cli/summary';
import { inspect } from '@/lib/insights/inspection';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { isRecord, type JsonRecord } from '@/lib/model/json-read';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { getConversation, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { parsedValue } from '@/tests/unit/export/rich-inspection';

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
