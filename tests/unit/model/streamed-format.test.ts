import { describe, expect, it } from 'vitest';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeStreamedTurns } from '@/lib/model/streamed-format';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';

const CID = '6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41';
const turn = readStreamedTurn(answerStreamFixture('live'));

describe('normalizeStreamedTurns: the streams as a third format', () => {
  it("holds each turn's prompt and every message its answer opened, with the stream's title and model", () => {
    const conversation = normalizeStreamedTurns(CID, [turn]);
    expect(conversation.messages.map((message) => message.id)).toEqual([
      'u-1',
      's-1',
      'a-call-1',
      't-1',
      'a-call-2',
      't-2',
      'a-1',
    ]);
    expect(conversation.messages.every((message) => message.format === 'stream')).toBe(true);
    expect(conversation).toMatchObject({
      id: CID,
      title: 'Trail shoes for mud',
      modelSlug: 'gpt-5-thinking',
    });
    expect(conversation.formatLoads.stream).toEqual({ loaded: true, complete: true, pages: 1, note: null });
    expect(conversation.turns.at(-1)?.userMessageId).toBe('u-1');
  });

  it('says which streamed answers did not end complete', () => {
    const cut = readStreamedTurn(answerStreamFixture('live').slice(0, 3000));
    const conversation = normalizeStreamedTurns(CID, [turn, cut]);
    expect(conversation.formatLoads.stream).toMatchObject({ complete: false, pages: 2 });
    expect(conversation.formatLoads.stream.note).toBe('1 streamed answers did not end complete.');
  });
});

describe('mergeConversationFormats with the streams', () => {
  const older = normalizeMessagesFormat([
    {
      conversation_id: CID,
      title: 'Trail shoes',
      current_node: 'a-0',
      messages: [
        { id: 'u-0', author: { role: 'user' }, content: { content_type: 'text', parts: ['Hi'] } },
        { id: 'a-0', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['Hello'] } },
      ],
    },
  ]);

  it("puts a new streamed turn after what the fetched formats hold, the stream's leaf the current node", () => {
    if (!older.ok) throw new Error(older.error.message);
    const stream = normalizeStreamedTurns(CID, [turn]);
    const merged = mergeConversationFormats({ messages: older.value, stream });
    if (!merged.ok) throw new Error(merged.error.message);
    expect(merged.value.messages.map((message) => message.id).slice(0, 3)).toEqual(['u-0', 'a-0', 'u-1']);
    expect(merged.value.currentNode).toBe('a-1');
    expect(merged.value.title).toBe('Trail shoes');
    expect(merged.value.formatLoads).toMatchObject({ messages: { loaded: true }, stream: { loaded: true } });
  });

  it('lets a fetched format win where both hold a message (site-interface 9.1)', () => {
    const fetched = normalizeMessagesFormat([
      {
        conversation_id: CID,
        messages: [
          {
            id: 'u-1',
            author: { role: 'user' },
            content: { content_type: 'text', parts: ['Fetched prompt'] },
          },
          { id: 'a-1', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['Fetched'] } },
        ],
      },
    ]);
    if (!fetched.ok) throw new Error(fetched.error.message);
    const merged = mergeConversationFormats({
      messages: fetched.value,
      stream: normalizeStreamedTurns(CID, [turn]),
    });
    if (!merged.ok) throw new Error(merged.error.message);
    const byId = new Map(merged.value.messages.map((message) => [message.id, message]));
    expect(byId.get('a-1')).toMatchObject({ text: 'Fetched', format: 'messages' });
    // What only the stream carried joins after the fetched prompt it follows.
    expect(merged.value.messages.map((message) => message.id)).toEqual([
      'u-1',
      's-1',
      'a-call-1',
      't-1',
      'a-call-2',
      't-2',
      'a-1',
    ]);
  });

  it('serves the streams alone when no fetched format was loaded', () => {
    const merged = mergeConversationFormats({ stream: normalizeStreamedTurns(CID, [turn]) });
    expect(merged.ok && merged.value.messages).toHaveLength(7);
  });
});
