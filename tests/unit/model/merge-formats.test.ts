import { describe, expect, it } from 'vitest';
import type { Conversation } from '@/lib/model/conversation';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { SMALL_MESSAGE_IDS, smallPages, smallTree } from '@/tests/unit/fixtures/read-fixture';

const conversationOf = (result: { ok: true; value: Conversation } | { ok: false }): Conversation => {
  if (!result.ok) throw new Error('expected an ok result');
  return result.value;
};
const fromPages = (pages: unknown[] = smallPages()) => conversationOf(normalizeMessagesFormat(pages));
const fromTree = (tree: unknown = smallTree()) => conversationOf(normalizeTreeFormat(tree));

describe('mergeConversationFormats', () => {
  it("prefers the messages format's copy of a message (site-interface 9.1) and records both formats", () => {
    const result = mergeConversationFormats({ messages: fromPages(), tree: fromTree() });
    const merged = conversationOf(result);
    expect(merged.messages.map((message) => message.id)).toEqual(SMALL_MESSAGE_IDS);
    expect(merged.messages.find((message) => message.id === 'm5')).toMatchObject({
      text: 'Paris.',
      format: 'messages',
    });
    expect(merged.formatLoads.messages).toMatchObject({ loaded: true, complete: true });
    expect(merged.formatLoads.tree).toMatchObject({ loaded: true, complete: true });
    expect(merged.extraKeys).toEqual(['future_flag', 'tree_only_key']);
    expect(result.ok && result.warnings).toEqual([]);
  });

  it('fills older messages from the tree when the messages format stopped early', () => {
    const merged = conversationOf(
      mergeConversationFormats({ messages: fromPages(smallPages().slice(0, 1)), tree: fromTree() }),
    );
    expect(merged.messages.map((message) => `${message.id}:${message.format}`)).toEqual([
      'm0:tree',
      'm1:tree',
      'm2:tree',
      'm5:tree',
      'm6:messages',
      'm7:messages',
    ]);
    expect(merged.formatLoads.messages.complete).toBe(false);
    expect(merged.turns.map((turn) => turn.userMessageId)).toEqual([null, 'm1', 'm6']);
  });

  it('adds a newer message only the tree holds after its predecessor', () => {
    const tree = smallTree();
    const mapping = tree.mapping as Record<string, Record<string, unknown>>;
    mapping.m8 = {
      id: 'm8',
      parent: 'm7',
      children: [],
      message: {
        id: 'm8',
        author: { role: 'user' },
        content: { content_type: 'text', parts: ['And Italy?'] },
      },
    };
    tree.current_node = 'm8';
    const result = mergeConversationFormats({ messages: fromPages(), tree: fromTree(tree) });
    expect(
      conversationOf(result)
        .messages.map((message) => message.id)
        .slice(-3),
    ).toEqual(['m6', 'm7', 'm8']);
    expect(result.ok && result.warnings.join(' ')).toMatch(/end at different messages/);
  });

  it('serves the messages format alone when the tree is absent (site-interface 9.2), saying why', () => {
    const result = mergeConversationFormats({
      messages: fromPages(),
      missingNotes: { tree: 'The tree path answered 404.' },
    });
    const merged = conversationOf(result);
    expect(merged.messages).toHaveLength(8);
    expect(merged.formatLoads.tree).toEqual({
      loaded: false,
      complete: false,
      pages: 0,
      note: 'The tree path answered 404.',
    });
  });

  it('serves the tree alone when the messages format is missing', () => {
    const merged = conversationOf(mergeConversationFormats({ tree: fromTree() }));
    expect(merged.messages).toHaveLength(6);
    expect(merged.formatLoads.messages.loaded).toBe(false);
  });

  it('does not merge a tree of another conversation', () => {
    const result = mergeConversationFormats({
      messages: fromPages(),
      tree: fromTree({ ...smallTree(), conversation_id: 'other' }),
    });
    expect(conversationOf(result).messages).toHaveLength(8);
    expect(conversationOf(result).formatLoads.tree.loaded).toBe(false);
    expect(result.ok && result.warnings.join(' ')).toMatch(/another conversation/);
  });

  it('fails when neither format was loaded', () => {
    expect(mergeConversationFormats({ missingNotes: { messages: 'Signed out.' } })).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape', message: expect.stringContaining('Signed out.') },
    });
  });

  describe('a tree message an answer stream also carried', () => {
    const references = [{ type: 'sources_footnote', sources: [{ url: 'https://www.wiki.example/a' }] }];
    /** The tree's conversation as a stream would carry it: m5 with the keys the tree never holds. */
    const streamed = (): Conversation => {
      const tree = fromTree();
      return {
        ...tree,
        messages: tree.messages.map((message) =>
          message.id === 'm5'
            ? {
                ...message,
                format: 'stream',
                text: 'Paris, streamed.',
                metadata: { ...message.metadata, content_references: references, parent_id: 'streamed' },
                metadataKeys: [...message.metadataKeys, 'content_references'],
              }
            : { ...message, format: 'stream' },
        ),
      };
    };
    const m5 = (conversation: Conversation) => conversation.messages.find((message) => message.id === 'm5');

    it("keeps the tree's object and takes from the stream only the metadata keys the tree lacks", () => {
      const tree = fromTree();
      expect(m5(tree)?.metadata).not.toHaveProperty('content_references');
      const merged = m5(conversationOf(mergeConversationFormats({ tree, stream: streamed() })));
      expect(merged).toMatchObject({ format: 'tree', text: m5(tree)?.text });
      expect(merged?.metadata.content_references).toEqual(references);
      // A key the tree has keeps the tree's value.
      expect(merged?.metadata.parent_id).toBe('m4');
      expect(merged?.metadataKeys).toEqual([...(m5(tree)?.metadataKeys ?? []), 'content_references']);
    });

    it("leaves the messages format's object as it is: it holds those keys itself", () => {
      const merged = conversationOf(
        mergeConversationFormats({ messages: fromPages(), tree: fromTree(), stream: streamed() }),
      );
      expect(m5(merged)?.format).toBe('messages');
      expect(m5(merged)?.metadata).toEqual(m5(fromPages())?.metadata);
    });

    it("takes the stream's copy where the formats were read while the answer was made (site-interface 10.11)", () => {
      const messages = { ...fromPages(), answering: true };
      const merged = conversationOf(mergeConversationFormats({ messages, stream: streamed() }));
      expect(m5(merged)).toMatchObject({ format: 'stream', text: 'Paris, streamed.' });
      expect(merged.answering).toBe(false);
      // Read after the answer was done, the fetched copy is the whole one, and wins.
      const done = conversationOf(mergeConversationFormats({ messages: fromPages(), stream: streamed() }));
      expect(m5(done)?.format).toBe('messages');
    });
  });
});
