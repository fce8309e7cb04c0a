import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT_IDS } from '@/lens/export/formats';
import { LIBRARY_TABLES, type LibraryRecordsTable } from '@/lens/library/library-tables';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import { tableRows } from '@/lib/library/library-table';
import { run } from '@/tests/unit/cli/run-in-memory';
import { exportText } from '@/tests/unit/export/export-text';
import { EXPORTED_AT } from '@/tests/unit/export/rich-inspection';
import {
  PROGRAM_LINE,
  uiProgramInspections,
  uiProgramPage,
  uiProgramTree,
} from '@/tests/unit/fixtures/ui-program';

const MARKERS_KEPT: ReadonlySet<string> = new Set(['json', 'zip']);

/** The lines of a text that hold a line of a UI program, for a failure that names them. */
const programLines = (text: string): string[] => text.split('\n').filter((line) => PROGRAM_LINE.test(line));

/**
 * What a reader of an export sees: an HTML page's body with its characters unescaped (a program's tag would
 * be written `&lt;box&gt;`), not its head, whose `<title>` is the page's own.
 */
function readable(text: string, format: string): string {
  if (format !== 'html') return text;
  const body = text.slice(text.indexOf('</head>') + 1);
  return body
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('no output holds a line of a UI program (site-interface 10.14)', () => {
  for (const { form, inspection } of uiProgramInspections()) {
    it(`in every export format, read from the ${form} form`, () => {
      for (const format of EXPORT_FORMAT_IDS) {
        const text = exportText(inspection, format, { exportedAt: EXPORTED_AT });
        expect(programLines(readable(text, format)), format).toEqual([]);
        // The JSON keeps the message's metadata as it came, its references' markers with it.
        if (!MARKERS_KEPT.has(format)) expect(text, format).not.toMatch(/[\ue200-\ue2ff]/);
      }
    });

    it(`in the library record and every library table, read from the ${form} form`, () => {
      const record = recordOfInspection(inspection, { keepAnswerText: true, savedAt: EXPORTED_AT.getTime() });
      expect(record).not.toBeNull();
      if (record === null) return;
      expect(programLines(JSON.stringify(record, null, 1))).toEqual([]);
      const answers = record.turns.map((turn) => turn.answer ?? '').join('\n');
      expect(answers).toContain('Keep the long run conversational');
      const tables: readonly LibraryRecordsTable[] = LIBRARY_TABLES;
      for (const table of tables) {
        const rows = [...tableRows(table, [record], null, { brands: null })];
        expect(programLines(JSON.stringify(rows, null, 1)), table.name).toEqual([]);
      }
    });
  }

  it('in what `inspect` prints of the page and of the tree', async () => {
    for (const [name, file] of [
      ['page.json', uiProgramPage()],
      ['tree.json', uiProgramTree()],
    ] as const)
      for (const format of ['md', 'csv', 'library-csv', 'library-jsonl']) {
        const result = await run([name, '--format', format], { [name]: file });
        expect(result.code, `${name} ${format}`).toBe(0);
        expect(programLines(result.stdout), `${name} ${format}`).toEqual([]);
        if (format === 'md') expect(result.stdout).toContain('Keep the long run conversational');
      }
    const summary = await run(['page.json'], { 'page.json': uiProgramPage() });
    expect(summary.stdout).toContain('UI program part program without a readable form');
  });
});
