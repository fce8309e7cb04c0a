import { describe, expect, it } from 'vitest';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { getConversation, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { smallTree } from '@/tests/unit/fixtures/read-fixture';

type Mapping = Record<
  string,
  { parent: string | null; children: string[]; message: Record<string, unknown> | null }
>;

const ids = (result: ReturnType<typeof normalizeTreeFormat>): string[] =>
  result.ok ? result.value.messages.map((message) => message.id) : [];
const warningsOf = (result: ReturnType<typeof normalizeTreeFormat>): string =>
  result.ok ? result.warnings.join(' ') : result.error.message;

describe('normalizeTreeFormat', () => {
  it('walks from current_node up through the parents and returns the branch oldest first', () => {
    const result = normalizeTreeFormat(smallTree());
    expect(ids(result)).toEqual(['m0', 'm1', 'm2', 'm5', 'm6', 'm7']);
    expect(result.ok && result.warnings).toEqual([]);
    expect(result.ok && result.value.formatLoads.tree).toEqual({
      loaded: true,
      complete: true,
      pages: 1,
      note: null,
    });
    expect(result.ok && result.value.messages[0]?.parentId).toBe('root');
    expect(result.ok && result.value.messages.every((message) => message.format === 'tree')).toBe(true);
  });

  it('lists the keys the tree has beyond the known ones', () => {
    const result = normalizeTreeFormat(smallTree());
    expect(result.ok && result.value.extraKeys).toEqual(['tree_only_key']);
  });

  it('takes the newest leaf when current_node is missing or names no node', () => {
    for (const currentNode of [undefined, 'gone']) {
      const tree = smallTree();
      tree.current_node = currentNode;
      const mapping = tree.mapping as Mapping;
      (mapping.m7b?.message as Record<string, unknown>).create_time = 1790841900;
      const result = normalizeTreeFormat(tree);
      expect(ids(result).slice(-2)).toEqual(['m6', 'm7b']);
      expect(result.ok && result.value.currentNode).toBe('m7b');
      expect(warningsOf(result)).toMatch(/newest leaf \(m7b\)/);
    }
  });

  it('stops at a cyclic parent chain with a warning and keeps the branch found', () => {
    const tree = smallTree();
    const mapping = tree.mapping as Mapping;
    (mapping.m1 as { parent: string }).parent = 'm6';
    const result = normalizeTreeFormat(tree);
    expect(ids(result)).toEqual(['m1', 'm2', 'm5', 'm6', 'm7']);
    expect(warningsOf(result)).toMatch(/loops at node m6/);
    expect(result.ok && result.value.formatLoads.tree.complete).toBe(false);
  });

  it('repairs a parent link to a missing node from the children lists', () => {
    const tree = smallTree();
    (tree.mapping as Mapping).m5 = { ...(tree.mapping as Mapping).m5, parent: 'm4' } as Mapping[string];
    const result = normalizeTreeFormat(tree);
    expect(ids(result)).toEqual(['m0', 'm1', 'm2', 'm5', 'm6', 'm7']);
    expect(result.ok && result.value.messages[3]?.parentId).toBe('m2');
    expect(warningsOf(result)).toMatch(/m2 lists it as child/);
  });

  it('ends a broken chain with a warning when nothing names the parent', () => {
    const tree = smallTree();
    const mapping = tree.mapping as Mapping;
    (mapping.m5 as { parent: string }).parent = 'm4';
    (mapping.m2 as { children: string[] }).children = [];
    const result = normalizeTreeFormat(tree);
    expect(ids(result)).toEqual(['m5', 'm6', 'm7']);
    expect(warningsOf(result)).toMatch(/parent m4, which is not in the tree; the branch stops/);
    expect(result.ok && result.value.formatLoads.tree).toMatchObject({ complete: false });
  });

  it('treats a response without a mapping object as an unexpected shape (site-interface 9.2)', () => {
    const tree = smallTree();
    delete tree.mapping;
    expect(normalizeTreeFormat(tree)).toMatchObject({ ok: false, error: { code: 'unexpected-shape' } });
    expect(normalizeTreeFormat([])).toMatchObject({ ok: false, error: { code: 'unexpected-shape' } });
  });

  it('serves an empty mapping as a conversation without messages', () => {
    const result = normalizeTreeFormat({ conversation_id: 'c', mapping: {} });
    expect(result.ok && result.value.messages).toEqual([]);
    expect(warningsOf(result)).toMatch(/no messages/);
  });

  it('does not mistake inherited names for nodes', () => {
    const result = normalizeTreeFormat({ current_node: '__proto__', mapping: { constructor: 1 } });
    expect(ids(result)).toEqual([]);
  });
});

describe('the slim tree of a 2026 data export (site-interface 10.8)', () => {
  it('reads as the full tree does: no children, and calls to tools without their recipient', () => {
    const stored = getConversation(FIXTURE_IDS.webSearch);
    if (stored === undefined) throw new Error('no fixture');
    const full = treeResponse(stored) as { mapping: Record<string, Record<string, unknown>> };
    const slim = structuredClone(full);
    for (const node of Object.values(slim.mapping)) {
      delete node.children;
      const message = node.message as Record<string, unknown> | null;
      if (message === null) continue;
      for (const key of ['status', 'recipient', 'channel', 'weight', 'end_turn']) delete message[key];
    }
    const shape = (tree: unknown) => {
      const read = normalizeTreeFormat(tree);
      if (!read.ok) throw new Error(read.error.message);
      return read.value.messages.map(({ id, role, recipient, text }) => ({
        id,
        role,
        // An answer names `all` in the full tree and nothing in the slim one: both show it to the reader.
        recipient: recipient === 'all' ? null : recipient,
        text,
      }));
    };
    expect(shape(slim)).toEqual(shape(full));
  });
});
