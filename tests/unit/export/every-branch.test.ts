import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import type { Conversation } from '@/lib/model/conversation';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { EXPORTED_AT, parsedValue } from './rich-inspection';

/** A node of a drawn tree: its parent's place among the nodes before it, its speaker. */
interface DrawnNode {
  parent: number;
  role: 'user' | 'assistant';
}

const token = (index: number) => `zqnode${index}qz`;

/** A tree format response: a root without a message, then each node under the one its parent names. */
function treeResponse(nodes: readonly DrawnNode[], current: number): Record<string, unknown> {
  const mapping: Record<string, Record<string, unknown>> = {
    root: { id: 'root', parent: null, children: [], message: null },
  };
  nodes.forEach(({ parent, role }, index) => {
    const id = `n${index}`;
    const parentId = index === 0 ? 'root' : `n${parent % index}`;
    mapping[id] = {
      id,
      parent: parentId,
      children: [],
      message: {
        id,
        author: { role },
        content: { content_type: 'text', parts: [token(index)] },
        create_time: 1_790_000_000 + index,
        recipient: 'all',
      },
    };
    (mapping[parentId] as { children: string[] }).children.push(id);
  });
  return { conversation_id: 'c-tree', title: 'Branches', current_node: `n${current}`, mapping };
}

const markdownOf = (conversation: Conversation, branches: 'active' | 'all') => {
  const document = exportMarkdown(inspect({ conversation }), { exportedAt: EXPORTED_AT, branches });
  return document.slice(0, document.indexOf('\n## Search queries'));
};

const count = (text: string, needle: string): number => text.split(needle).length - 1;

describe('every branch of the tree', () => {
  it('writes each version of an edited prompt and of a regenerated answer, marked, the shown one said', () => {
    const tree = treeResponse(
      [
        { parent: 0, role: 'user' }, // n0: the first prompt
        { parent: 0, role: 'assistant' }, // n1: its first answer
        { parent: 0, role: 'assistant' }, // n2: the answer regenerated
        { parent: 2, role: 'user' }, // n3: a prompt after it
        { parent: 2, role: 'user' }, // n4: that prompt edited
        { parent: 4, role: 'assistant' }, // n5: the answer to the edit
      ],
      5,
    );
    const conversation = parsedValue(normalizeTreeFormat(tree));
    const all = markdownOf(conversation, 'all');
    expect(all).toContain(
      [
        '### User\n\nzqnode0qz',
        '_Branch 1 of 2 (regenerated answer)_',
        '### Assistant\n\nzqnode1qz',
        '_Branch 2 of 2 (regenerated answer, the one the site shows)_',
        '### Assistant\n\nzqnode2qz',
        '_Branch 1 of 2 (edited prompt)_',
        '### User\n\nzqnode3qz',
        '_Branch 2 of 2 (edited prompt, the one the site shows)_',
        '### User\n\nzqnode4qz',
        '### Assistant\n\nzqnode5qz',
      ].join('\n\n'),
    );
    const active = markdownOf(conversation, 'active');
    for (const index of [1, 3]) expect(active).not.toContain(token(index));
    expect(active).not.toContain('_Branch');
  });

  it('with the messages format alone, writes the active branch and says why in one line', () => {
    const messages = parsedValue(
      normalizeMessagesFormat([
        {
          conversation_id: 'c-flat',
          messages: [
            { id: 'u', author: { role: 'user' }, content: { content_type: 'text', parts: ['Hello'] } },
            { id: 'a', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['Hi'] } },
          ],
        },
      ]),
    );
    const all = markdownOf(messages, 'all');
    expect(all).toContain(
      '## Transcript\n\n_The branch the site shows only: the tree format, which alone holds every branch, was not loaded._\n\n### User',
    );
    expect(all.replace(/\n\n_The branch the site shows only[^\n]*/, '')).toBe(markdownOf(messages, 'active'));
  });

  it('keeps the messages only the messages format holds, after the message they followed', () => {
    const tree = treeResponse(
      [
        { parent: 0, role: 'user' },
        { parent: 0, role: 'assistant' },
        { parent: 0, role: 'assistant' },
      ],
      2,
    );
    const flat = {
      conversation_id: 'c-tree',
      messages: [
        { id: 'n0', author: { role: 'user' }, content: { content_type: 'text', parts: ['zqnode0qz'] } },
        {
          id: 'tool',
          author: { role: 'tool', name: 'web.run' },
          content: { content_type: 'text', parts: ['zqtoolqz'] },
        },
        { id: 'n2', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['zqnode2qz'] } },
      ],
    };
    const merged = parsedValue(
      mergeConversationFormats({
        messages: parsedValue(normalizeMessagesFormat([flat])),
        tree: parsedValue(normalizeTreeFormat(tree)),
      }),
    );
    const all = markdownOf(merged, 'all');
    for (const words of ['zqnode0qz', 'zqnode1qz', 'zqnode2qz', 'zqtoolqz'])
      expect(count(all, words), words).toBe(1);
    expect(all.indexOf('zqnode0qz')).toBeLessThan(all.indexOf('zqtoolqz'));
  });

  it('writes every message of any tree exactly once, and marks every version of every fork', () => {
    const drawn = fc
      .array(fc.record({ parent: fc.nat(), role: fc.constantFrom('user' as const, 'assistant' as const) }), {
        minLength: 1,
        maxLength: 16,
      })
      .chain((nodes) => fc.tuple(fc.constant(nodes), fc.nat(nodes.length - 1)));
    fc.assert(
      fc.property(drawn, ([nodes, current]) => {
        const tree = treeResponse(nodes, current);
        const conversation = parsedValue(normalizeTreeFormat(tree));
        const all = markdownOf(conversation, 'all');
        for (const index of nodes.keys()) expect(count(all, token(index)), token(index)).toBe(1);
        const mapping = tree.mapping as Record<string, { children: string[] }>;
        const versions = Object.values(mapping)
          .map(({ children }) => children.length)
          .filter((children) => children > 1)
          .reduce((sum, children) => sum + children, 0);
        expect(count(all, '_Branch ')).toBe(versions);
        // The active branch is the one the site shows: each of its messages once, no other.
        const active = markdownOf(conversation, 'active');
        const shown = new Set(conversation.messages.map((message) => message.id));
        for (const index of nodes.keys())
          expect(count(active, token(index)), token(index)).toBe(shown.has(`n${index}`) ? 1 : 0);
      }),
      { numRuns: 150 },
    );
  });
});
