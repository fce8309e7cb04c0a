import { describe, expect, it } from 'vitest';
import { normalizeDataExport } from '@/lib/model/data-export';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { smallTree } from '@/tests/unit/fixtures/read-fixture';

describe('normalizeDataExport', () => {
  it('gives the same model as the tree endpoint for each conversation of the file', () => {
    const exported = { ...smallTree(), id: 'c-small' };
    const result = normalizeDataExport([exported, { ...smallTree(), conversation_id: 'c-two' }]);
    expect(result.ok && result.value.map((conversation) => conversation.id)).toEqual(['c-small', 'c-two']);
    const fromEndpoint = normalizeTreeFormat(smallTree());
    expect(result.ok && result.value[0]?.messages).toEqual(fromEndpoint.ok && fromEndpoint.value.messages);
  });

  it('leaves out an unreadable conversation with a warning that names it, keeping the others', () => {
    const result = normalizeDataExport([{ id: 'broken', title: 'no mapping' }, smallTree(), 7]);
    expect(result.ok && result.value).toHaveLength(1);
    expect(result.ok && result.warnings).toEqual([
      expect.stringMatching(/^Conversation 1 \(broken\): .*no mapping.*Left out\.$/),
      expect.stringMatching(/^Conversation 3: /),
    ]);
  });

  it('accepts a single tree object as a file of one', () => {
    expect(normalizeDataExport(smallTree())).toMatchObject({ ok: true, value: [{ id: 'c-small' }] });
  });

  it('refuses what is no list of conversations', () => {
    expect(normalizeDataExport('conversations')).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape' },
    });
    expect(normalizeDataExport({ conversations: [] })).toMatchObject({ ok: false });
  });
});
