import { describe, expect, it } from 'vitest';
import { inspect } from '@/lens/insights/inspection';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeStreamedTurns } from '@/lib/model/streamed-format';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';
import { conversationOf, message, user } from '@/tests/unit/insights/build-conversation';

describe('turnFacts: which answers were written without a search', () => {
  it("takes the stream's own word, and the turn's model from its server metadata", () => {
    // Read from a WebSocket, as the stream collector tells (stream-collector.ts heldTurn).
    const streamed = { ...readStreamedTurn(answerStreamFixture('live')), transport: 'websocket' as const };
    const conversation = normalizeStreamedTurns('c', [streamed]);
    const { turnFacts } = inspect({ conversation, streamedTurns: [streamed] });
    expect(turnFacts).toEqual([
      {
        turnIndex: 0,
        searched: true,
        searchEvidence: 'stream',
        model: 'gpt-5-thinking',
        streamed: true,
        transport: 'websocket',
      },
    ]);
  });

  it('reads the web.run messages where the messages format holds the turn, and says nothing for the tree alone', () => {
    const page = normalizeMessagesFormat([
      {
        conversation_id: 'c',
        messages: [
          { id: 'u1', author: { role: 'user' }, content: { content_type: 'text', parts: ['Weather?'] } },
          {
            id: 't1',
            author: { role: 'tool', name: 'web.run' },
            content: { content_type: 'text', parts: [''] },
            metadata: { search_model_queries: { queries: ['weather today'] } },
          },
          {
            id: 'a1',
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: ['Sunny.'] },
            metadata: { model_slug: 'gpt-5' },
          },
          { id: 'u2', author: { role: 'user' }, content: { content_type: 'text', parts: ['Thanks'] } },
          { id: 'a2', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['Welcome.'] } },
        ],
      },
    ]);
    if (!page.ok) throw new Error(page.error.message);
    expect(inspect({ conversation: page.value }).turnFacts).toEqual([
      {
        turnIndex: 0,
        searched: true,
        searchEvidence: 'tool-messages',
        model: 'gpt-5',
        streamed: false,
        transport: null,
      },
      {
        turnIndex: 1,
        searched: false,
        searchEvidence: 'tool-messages',
        model: null,
        streamed: false,
        transport: null,
      },
    ]);
    const treeOnly = conversationOf([
      user('u1', 'Weather?', { format: 'tree' }),
      message({ id: 'a1', text: 'Sunny.', format: 'tree' }),
    ]);
    expect(inspect({ conversation: treeOnly }).turnFacts).toEqual([
      { turnIndex: 0, searched: null, searchEvidence: null, model: null, streamed: false, transport: null },
    ]);
  });
});
