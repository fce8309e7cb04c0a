import { describe, expect, it } from 'vitest';
import { compareFormats } from '@/features/details/format-comparison';
import type { Conversation } from '@/lib/model/conversation';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { getConversation, messagesResponse, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { smallPages, smallTree } from '@/tests/unit/fixtures/read-fixture';

const conversationOf = (result: { ok: true; value: Conversation } | { ok: false }): Conversation => {
  if (!result.ok) throw new Error('expected an ok result');
  return result.value;
};

describe('compareFormats on the small conversation', () => {
  const messages = () => conversationOf(normalizeMessagesFormat(smallPages()));
  const tree = () => conversationOf(normalizeTreeFormat(smallTree()));

  it('finds the web.run call and tool message only the messages format carries', () => {
    const comparison = compareFormats(messages(), tree());
    expect(comparison.messagesOnly).toEqual([
      { id: 'm3', role: 'assistant', authorName: null, recipient: 'web.run', contentType: 'code' },
      { id: 'm4', role: 'tool', authorName: 'web.run', recipient: 'all', contentType: 'text' },
    ]);
    expect(comparison.treeOnly).toEqual([]);
    expect(comparison.equivalent).toBe(false);
  });

  it('lists metadata keys per message and over the conversation, in both directions', () => {
    const comparison = compareFormats(messages(), tree());
    expect(comparison.metadataKeyDifferences).toEqual([
      { id: 'm1', onlyInMessages: ['turn_exchange_id', 'message_locale'], onlyInTree: ['request_id'] },
      { id: 'm2', onlyInMessages: ['turn_exchange_id'], onlyInTree: [] },
      {
        id: 'm5',
        onlyInMessages: ['turn_exchange_id', 'content_references', 'search_result_groups'],
        onlyInTree: [],
      },
      { id: 'm6', onlyInMessages: ['turn_exchange_id', 'message_locale'], onlyInTree: [] },
      {
        id: 'm7',
        onlyInMessages: ['turn_exchange_id', 'content_references', 'search_result_groups'],
        onlyInTree: [],
      },
    ]);
    expect(comparison.metadataKeysOnlyInMessages).toEqual([
      { key: 'turn_exchange_id', messages: 5 },
      { key: 'content_references', messages: 2 },
      { key: 'message_locale', messages: 2 },
      { key: 'search_result_groups', messages: 2 },
    ]);
    expect(comparison.metadataKeysOnlyInTree).toEqual([{ key: 'request_id', messages: 1 }]);
  });

  it('per response, also finds keys that sit only on a message the other format lacks (the web.run tool message)', () => {
    const comparison = compareFormats(messages(), tree());
    // m4, the tool message only the messages format holds, is the one message with ref_id and search_model_queries.
    expect(comparison.metadataKeysMissingFromTree).toEqual([
      { key: 'turn_exchange_id', messages: 7 },
      { key: 'content_references', messages: 2 },
      { key: 'message_locale', messages: 2 },
      { key: 'search_result_groups', messages: 2 },
      { key: 'ref_id', messages: 1 },
      { key: 'search_model_queries', messages: 1 },
    ]);
    expect(comparison.metadataKeysMissingFromMessages).toEqual([{ key: 'request_id', messages: 1 }]);
    const perMessage = comparison.metadataKeysOnlyInMessages.map((entry) => entry.key);
    expect(perMessage).not.toContain('search_model_queries');
  });

  it('per response, leaves out a key both formats carry, even on different messages', () => {
    const moved = tree();
    moved.messages = moved.messages.map((message) =>
      message.id === 'm6' ? { ...message, metadataKeys: ['search_model_queries', 'ref_id'] } : message,
    );
    const keys = compareFormats(messages(), moved).metadataKeysMissingFromTree.map((entry) => entry.key);
    expect(keys).not.toContain('search_model_queries');
    expect(keys).not.toContain('ref_id');
    expect(keys).toContain('turn_exchange_id');
  });

  it('reports a different text of the same message', () => {
    expect(compareFormats(messages(), tree()).fieldDifferences).toEqual([
      { id: 'm5', field: 'text', messages: 'Paris.', tree: 'Paris, on the Seine.' },
    ]);
  });

  it('calls a conversation equivalent to itself, and only then', () => {
    const comparison = compareFormats(tree(), tree());
    expect(comparison).toMatchObject({
      equivalent: true,
      messagesOnly: [],
      treeOnly: [],
      fieldDifferences: [],
    });
  });

  it('notes when the messages format was loaded only in part, which makes older messages tree-only', () => {
    const partial = conversationOf(normalizeMessagesFormat(smallPages().slice(0, 1)));
    const comparison = compareFormats(partial, tree());
    expect(comparison.treeOnly.map((message) => message.id)).toEqual(['m0', 'm1', 'm2', 'm5']);
    expect(comparison.notes.join(' ')).toMatch(/not loaded back to its start/);
  });

  it('sees a change of order', () => {
    const reordered = messages();
    reordered.messages = [...reordered.messages].reverse();
    expect(compareFormats(reordered, tree()).orderDiffers).toBe(true);
    expect(compareFormats(messages(), tree()).orderDiffers).toBe(false);
  });
});

describe('compareFormats on the replica web-search conversation', () => {
  it('discovers the four metadata keys the tree lacks, and the web.run messages', () => {
    const stored = getConversation(FIXTURE_IDS.webSearch);
    if (stored === undefined) throw new Error('no web-search fixture');
    const messages = conversationOf(normalizeMessagesFormat([messagesResponse(stored, { numTurns: 1000 })]));
    const tree = conversationOf(normalizeTreeFormat(treeResponse(stored)));
    const comparison = compareFormats(messages, tree);
    expect(comparison.metadataKeysOnlyInMessages.map((entry) => entry.key).sort()).toEqual([
      'content_references',
      'message_locale',
      'search_result_groups',
      'turn_exchange_id',
    ]);
    expect(comparison.metadataKeysOnlyInTree).toEqual([]);
    expect(comparison.messagesOnly.length).toBeGreaterThan(0);
    expect(
      comparison.messagesOnly.every(
        (message) => message.recipient === 'web.run' || message.authorName === 'web.run',
      ),
    ).toBe(true);
    expect(comparison.treeOnly).toEqual([]);
    expect(comparison.fieldDifferences).toEqual([]);
  });

  it('per response, finds the keys of the web.run tool messages too, checked against the raw responses', () => {
    const stored = getConversation(FIXTURE_IDS.webSearch);
    if (stored === undefined) throw new Error('no web-search fixture');
    const messagesBody = messagesResponse(stored, { numTurns: 1000 });
    const treeBody = treeResponse(stored);
    const messages = conversationOf(normalizeMessagesFormat([messagesBody]));
    const tree = conversationOf(normalizeTreeFormat(treeBody));
    const comparison = compareFormats(messages, tree);

    // Read off the raw bodies with a plain walk, independent of the normalizers.
    const rawMessages = (messagesBody as { messages: RawMessage[] }).messages;
    const rawTree = Object.values(
      (treeBody as { mapping: Record<string, { message?: RawMessage }> }).mapping,
    ).flatMap((node) => (node.message ? [node.message] : []));
    const keysOf = (list: RawMessage[]) => new Set(list.flatMap((raw) => Object.keys(raw.metadata ?? {})));
    const treeKeys = keysOf(rawTree);
    const expected = [...keysOf(rawMessages)].filter((key) => !treeKeys.has(key)).sort();

    const missing = comparison.metadataKeysMissingFromTree.map((entry) => entry.key);
    expect([...missing].sort()).toEqual(expected);
    expect(missing).toEqual(expect.arrayContaining(['search_model_queries', 'map_search_model_queries']));
    // Each of the four per-message keys is also missing from the tree as a whole.
    for (const { key } of comparison.metadataKeysOnlyInMessages) expect(missing).toContain(key);
    // search_model_queries rides only on messages the tree lacks, so the per-message count cannot see it.
    const carriers = rawMessages.filter((raw) => raw.metadata?.search_model_queries !== undefined);
    expect(carriers.length).toBeGreaterThan(0);
    const messagesOnly = new Set(comparison.messagesOnly.map((message) => message.id));
    expect(carriers.every((raw) => messagesOnly.has(raw.id))).toBe(true);
    expect(carriers.every((raw) => raw.author?.name === 'web.run' || raw.recipient === 'web.run')).toBe(true);
    expect(
      comparison.metadataKeysMissingFromTree.find((entry) => entry.key === 'search_model_queries'),
    ).toEqual({
      key: 'search_model_queries',
      messages: carriers.length,
    });
    expect(comparison.metadataKeysOnlyInMessages.map((entry) => entry.key)).not.toContain(
      'search_model_queries',
    );
    expect(comparison.metadataKeysMissingFromMessages).toEqual([]);
  });
});

interface RawMessage {
  id: string;
  recipient?: string;
  author?: { name?: string | null };
  metadata?: Record<string, unknown>;
}
