import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCanvases } from '@/lib/insights/canvas';
import type { NormalizedMessage } from '@/lib/model/conversation';
import {
  CANVAS_FIRST,
  richContentConversation,
  richContentTreeConversation,
} from '@/tests/unit/fixtures/rich-content';
import { conversationOf, message, user } from './build-conversation';

const call = (id: string, tool: string, command: unknown, extra: Partial<NormalizedMessage> = {}) =>
  message({ id, recipient: `canmore.${tool}`, text: JSON.stringify(command), ...extra });

const reply = (id: string, tool: string, text: string, metadata: Record<string, unknown> = {}) =>
  message({ id, role: 'tool', authorName: `canmore.${tool}`, text, metadata });

const FINAL_BUDGET =
  'def total(costs):\n    """The trip\'s costs added up, to the cent."""\n    return round(sum(costs), 2)\n';

describe('readCanvases (site-interface 10.9)', () => {
  it.each([
    ['the messages format', richContentConversation],
    ['the tree format', richContentTreeConversation],
  ])('reads the final form of every canvas from %s', (_format, conversation) => {
    const { documents } = readCanvases(conversation());
    expect(documents).toEqual([
      {
        id: '6790a1',
        name: 'Trip budget',
        type: 'code/python',
        content: FINAL_BUDGET,
        versions: 2,
        messageId: 'r-2',
      },
      expect.objectContaining({ id: '6790b2', name: 'Packing list', type: 'document', versions: 2 }),
    ]);
  });

  it('shows each canvas once per turn, at the call that changed it last in that turn', () => {
    const { shownAt, toolMessages } = readCanvases(richContentConversation());
    expect([...shownAt.keys()]).toEqual(['r-2', 'r-6', 'r-12']);
    expect(shownAt.get('r-2')?.content).toBe(CANVAS_FIRST);
    expect(shownAt.get('r-6')).toEqual({
      name: 'Trip budget',
      type: 'code/python',
      content: FINAL_BUDGET,
      version: 2,
    });
    for (const id of ['r-2', 'r-3', 'r-8', 'r-9', 'r-10', 'r-13']) expect(toolMessages.has(id)).toBe(true);
    expect(toolMessages.has('r-4')).toBe(false);
  });

  it('does not apply an update the tool says failed, even when it would match', () => {
    const conversation = conversationOf([
      user('u1'),
      call('c1', 'create_textdoc', { name: 'Notes', type: 'document', content: 'alpha' }),
      call('c2', 'update_textdoc', { updates: [{ pattern: 'alpha', replacement: 'beta', multiple: false }] }),
      reply('t2', 'update_textdoc', 'Failed to apply the update: the document was changed by the user.'),
    ]);
    expect(readCanvases(conversation).documents[0]).toMatchObject({ content: 'alpha', versions: 1 });
  });

  it('applies an update without a reply, and a whole new content', () => {
    const conversation = conversationOf([
      user('u1'),
      call('c1', 'create_textdoc', { name: 'Notes', type: 'document', content: 'alpha' }),
      call('c2', 'update_textdoc', { updates: [{ pattern: 'alpha', replacement: 'beta', multiple: false }] }),
      call('c3', 'update_textdoc', { content: 'gamma' }),
    ]);
    expect(readCanvases(conversation).documents[0]).toMatchObject({ content: 'gamma', versions: 3 });
  });

  it('updates the canvas an update names by textdoc_id, else the current one; comments change nothing', () => {
    const conversation = conversationOf([
      user('u1'),
      call('c1', 'create_textdoc', { name: 'One', type: 'document', content: 'one' }),
      reply('t1', 'create_textdoc', 'Successfully created', { canvas: { textdoc_id: 'd1' } }),
      call('c2', 'create_textdoc', { name: 'Two', type: 'code/js', content: 'two' }),
      reply('t2', 'create_textdoc', 'Successfully created', { canvas: { textdoc_id: 'd2' } }),
      call('c3', 'update_textdoc', {
        textdoc_id: 'd1',
        updates: [{ pattern: 'one', replacement: 'ONE', multiple: true }],
      }),
      call('c4', 'comment_textdoc', { comments: [{ pattern: 'ONE', comment: 'Shout less' }] }),
      call('c5', 'update_textdoc', { updates: [{ pattern: 'ONE', replacement: 'uno', multiple: true }] }),
    ]);
    expect(readCanvases(conversation).documents.map(({ name, content }) => [name, content])).toEqual([
      ['One', 'uno'],
      ['Two', 'two'],
    ]);
  });

  it('reads a call whose text is no JSON, and an update before any canvas, as nothing', () => {
    const conversation = conversationOf([
      user('u1'),
      message({ id: 'c0', recipient: 'canmore.update_textdoc', text: '{"updates": [' }),
      call('c1', 'update_textdoc', { updates: [{ pattern: 'a', replacement: 'b', multiple: true }] }),
    ]);
    expect(readCanvases(conversation).documents).toEqual([]);
  });

  it('never throws, whatever the calls hold', () => {
    const anyCall = fc.record({
      tool: fc.constantFrom('create_textdoc', 'update_textdoc', 'comment_textdoc'),
      text: fc.oneof(
        fc.string(),
        fc.jsonValue().map((value) => JSON.stringify(value)),
      ),
      reply: fc.option(fc.string()),
    });
    fc.assert(
      fc.property(fc.array(anyCall, { maxLength: 8 }), (calls) => {
        const messages = calls.flatMap((entry, index) => [
          message({ id: `c${index}`, recipient: `canmore.${entry.tool}`, text: entry.text }),
          ...(entry.reply === null ? [] : [reply(`t${index}`, entry.tool, entry.reply)]),
        ]);
        const report = readCanvases(conversationOf([user('u0'), ...messages]));
        for (const document of report.documents) expect(typeof document.content).toBe('string');
      }),
    );
  });
});
