import { describe, expect, it } from 'vitest';
import { compareFormats } from '@/lib/insights/format-comparison';
import type { Conversation } from '@/lib/model/conversation';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { getConversation, messagesResponse, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { smallPages, smallTree } from '../fixtures/read-fixture';

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
});
