import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDataExport } from '@/lib/model/data-export';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { parseJson } from '@/lib/model/parse-json';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { mutate, mutationsArbitrary } from '@/tests/unit/fixtures/mutate';
import { smallPages, smallTree } from '@/tests/unit/fixtures/read-fixture';
import { expectWellFormed } from '@/tests/unit/fixtures/well-formed-conversation';

function normalizeEverything(value: unknown): void {
  const pages = normalizeMessagesFormat(Array.isArray(value) ? value : [value]);
  const tree = normalizeTreeFormat(value);
  const exported = normalizeDataExport(value);
  if (pages.ok) expectWellFormed(pages.value);
  if (tree.ok) expectWellFormed(tree.value);
  if (exported.ok) exported.value.forEach(expectWellFormed);
  const merged = mergeConversationFormats({
    messages: pages.ok ? pages.value : null,
    tree: tree.ok ? tree.value : null,
  });
  if (merged.ok) expectWellFormed(merged.value);
}

describe('the normalizers on arbitrary input', () => {
  it('never throw on arbitrary values', () => {
    fc.assert(fc.property(fc.anything({ withNullPrototype: true, maxDepth: 4 }), normalizeEverything), {
      numRuns: 400,
    });
  });

  it('never throw on arbitrary JSON text', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 5 }), (text) => {
        const parsed = parseJson(text);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) normalizeEverything(parsed.value);
      }),
      { numRuns: 400 },
    );
  });

  it('never throw on messages-format pages with keys deleted or replaced', () => {
    fc.assert(
      fc.property(mutationsArbitrary, (mutations) => {
        const result = normalizeMessagesFormat(mutate(smallPages(), mutations));
        if (result.ok) expectWellFormed(result.value);
      }),
      { numRuns: 500 },
    );
  });

  it('never throw on trees with keys deleted or replaced', () => {
    fc.assert(
      fc.property(mutationsArbitrary, (mutations) => {
        const tree = mutate(smallTree(), mutations);
        const result = normalizeTreeFormat(tree);
        if (result.ok) expectWellFormed(result.value);
        normalizeEverything([tree, tree]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the normalizers at scale', () => {
  const COUNT = 20_000;
  const rawMessage = (index: number) => ({
    id: `n${index}`,
    author: { role: index % 2 === 0 ? 'user' : 'assistant' },
    create_time: 1_790_000_000 + index,
    content: { content_type: 'text', parts: [`message ${index}`] },
    metadata: {},
  });

  it('serve a chain of 20,000 messages in both formats', () => {
    const mapping: Record<string, unknown> = {};
    for (let index = 0; index < COUNT; index += 1) {
      mapping[`n${index}`] = {
        parent: index === 0 ? null : `n${index - 1}`,
        children: [],
        message: rawMessage(index),
      };
    }
    const tree = normalizeTreeFormat({ mapping, current_node: `n${COUNT - 1}` });
    expect(tree.ok && tree.value.messages.length).toBe(COUNT);
    expect(tree.ok && tree.value.turns.length).toBe(COUNT / 2);
    const pages = normalizeMessagesFormat([
      {
        messages: Array.from({ length: COUNT }, (_, index) => rawMessage(index)),
        page_info: { has_previous_page: false },
      },
    ]);
    expect(pages.ok && pages.value.messages.length).toBe(COUNT);
  });

  it('serve a cycle through 20,000 nodes with a warning, starting from the newest leaf', () => {
    const mapping: Record<string, unknown> = {};
    for (let index = 0; index < COUNT; index += 1) {
      mapping[`n${index}`] = {
        parent: `n${(index + COUNT - 1) % COUNT}`,
        children: [],
        message: rawMessage(index),
      };
    }
    const result = normalizeTreeFormat({ mapping });
    expect(result.ok && result.value.messages.length).toBe(COUNT);
    expect(result.ok && result.warnings.join(' ')).toMatch(/loops/);
  });
});
