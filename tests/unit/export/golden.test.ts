import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportQueriesCsv } from '@/features/queries/queries-csv';
import { exportSourcesCsv } from '@/features/sources/sources-csv';
import { writeExport } from '@/lens/export/format-writers';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import { citationsConversation } from '@/tests/unit/fixtures/citations';
import { richContentConversation, richContentTreeConversation } from '@/tests/unit/fixtures/rich-content';
import { richContentBranchedConversations } from '@/tests/unit/fixtures/rich-content-branches';
import { EXPORTED_AT, liveSearchInspection, richInspection } from './rich-inspection';

/**
 * The exports of fixed, rich conversations, compared byte for byte with reviewed files. After a
 * deliberate change, regenerate with `UPDATE_GOLDEN=1 npx vitest run --project unit tests/unit/export/golden`
 * and read the diff before committing it: the files are the specification of what a user gets.
 */
const update = process.env.UPDATE_GOLDEN === '1';

function expectGolden(fileName: string, actual: string): void {
  const path = fileURLToPath(new URL(`./golden/${fileName}`, import.meta.url));
  if (update) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('golden exports of the web-search conversation with ads, offers and both formats', () => {
  const inspection = richInspection();

  it('Markdown', () => {
    expectGolden('web-search.md', exportMarkdown(inspection, { exportedAt: EXPORTED_AT }));
  });

  it('JSON (chat-lens/export@1)', () => {
    expectGolden('web-search.json', writeExport(inspection, 'json', { exportedAt: EXPORTED_AT }));
  });

  it('CSV of the queries', () => {
    expectGolden('web-search.csv', exportQueriesCsv(inspection));
  });

  it("Markdown with the reasoning in summary, no tool calls and the prompts' times", () => {
    expectGolden(
      'web-search-options.md',
      exportMarkdown(inspection, {
        exportedAt: EXPORTED_AT,
        reasoning: 'summary',
        toolCalls: 'none',
        timestamps: 'on',
      }),
    );
  });

  it('HTML', () => {
    expectGolden('web-search.html', writeExport(inspection, 'html', { exportedAt: EXPORTED_AT }));
  });
});

describe('golden export of the live site’s shapes (citation markers, content references, both formats)', () => {
  it('HTML', () => {
    expectGolden(
      'live-search.html',
      writeExport(liveSearchInspection(), 'html', { exportedAt: EXPORTED_AT }),
    );
  });
});

describe('golden exports of a conversation with citations, entities, a product and deep research', () => {
  const inspection = inspect({ conversation: citationsConversation() });

  it('Markdown, citations as inline links', () => {
    expectGolden('citations.md', exportMarkdown(inspection, { exportedAt: EXPORTED_AT }));
  });

  it('Markdown, citations as footnotes', () => {
    expectGolden(
      'citations-footnotes.md',
      exportMarkdown(inspection, { exportedAt: EXPORTED_AT, citations: 'footnotes' }),
    );
  });

  it('CSV of the sources', () => {
    expectGolden('citations-sources.csv', exportSourcesCsv(inspection));
  });

  it('reads the same when the private-use characters were lost', () => {
    const plainText = inspect({ conversation: citationsConversation(true) });
    expect(exportMarkdown(plainText, { exportedAt: EXPORTED_AT })).toBe(
      exportMarkdown(inspection, { exportedAt: EXPORTED_AT }),
    );
  });
});

describe('golden exports of a conversation with canvases, images, a file, a web search and deep research', () => {
  const inspection = inspect({ conversation: richContentConversation() });

  it('Markdown', () => {
    expectGolden('rich-content.md', exportMarkdown(inspection, { exportedAt: EXPORTED_AT }));
  });

  it('Markdown with hidden and tool messages', () => {
    expectGolden(
      'rich-content-whole.md',
      exportMarkdown(inspection, { exportedAt: EXPORTED_AT, includeHiddenAndTools: true }),
    );
  });

  it('JSON (chat-lens/export@1)', () => {
    expectGolden('rich-content.json', writeExport(inspection, 'json', { exportedAt: EXPORTED_AT }));
  });

  const options = {
    exportedAt: EXPORTED_AT,
    reasoning: 'none',
    toolCalls: 'none',
    timestamps: 'on',
  } as const;

  it("Markdown without reasoning or tool calls, with the prompts' times", () => {
    expectGolden('rich-content-options.md', exportMarkdown(inspection, options));
  });

  it("Markdown without reasoning or tool calls, with the prompts' times, from the tree format", () => {
    const tree = inspect({ conversation: richContentTreeConversation() });
    expectGolden('rich-content-tree-options.md', exportMarkdown(tree, options));
  });

  it('Markdown of every branch, from the tree and from both formats merged', () => {
    const { tree, merged } = richContentBranchedConversations();
    const every = { exportedAt: EXPORTED_AT, branches: 'all' } as const;
    expectGolden('rich-content-branches.md', exportMarkdown(inspect({ conversation: tree }), every));
    expectGolden('rich-content-branches-merged.md', exportMarkdown(inspect({ conversation: merged }), every));
  });

  it('HTML: the Markdown’s canvases, images, file and research, rendered', () => {
    expectGolden('rich-content.html', writeExport(inspection, 'html', { exportedAt: EXPORTED_AT }));
  });
});
