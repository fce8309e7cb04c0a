import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { conversationsExport, getConversation } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import type { StoredConversation } from '@/tests/replica/fixtures/stored-conversation';
import { richContentTree } from '@/tests/unit/fixtures/rich-content';
import { run } from './run-in-memory';

function fixture(id: string): StoredConversation {
  const conversation = getConversation(id);
  if (conversation === undefined) throw new Error(`fixture ${id} missing`);
  return conversation;
}

const webSearch = fixture(FIXTURE_IDS.webSearch);
const plain = fixture(FIXTURE_IDS.plain);

const seconds = (day: string): number => Date.parse(`${day}T10:00:00Z`) / 1000;

/** A data export of five conversations over three months and none, and one item that is no conversation. */
function exportFile(): unknown[] {
  const [a, b, c, d, e] = conversationsExport([
    webSearch,
    plain,
    { ...plain, id: 'same-title-other-id' },
    { ...webSearch, id: 'undated-one' },
    { ...plain, id: 'older-one', title: 'An older one' },
  ]) as Array<Record<string, unknown>>;
  return [
    { ...a, create_time: seconds('2026-10-20') },
    { ...b, create_time: seconds('2026-11-02') },
    { ...c, create_time: seconds('2026-11-02') },
    { ...d, create_time: null },
    { id: 'broken-mapping', title: 'Broken', mapping: 'not a tree' },
    { ...e, create_time: seconds('2025-03-10') },
  ];
}

const FILE = 'export/conversations.json';

async function zipOf(flags: string[], files: Record<string, unknown> = { [FILE]: exportFile() }) {
  const result = await run([FILE, '--zip', 'all.zip', ...flags], files);
  expect(result.code, result.stderr).toBe(0);
  const entries = unzipSync(result.writtenBytes.get('all.zip') ?? new Uint8Array());
  const text = (path: string): string => strFromU8(entries[path] ?? new Uint8Array());
  const report = JSON.parse(text('report.json'));
  return { result, entries, text, report, paths: Object.keys(entries) };
}

const DOCUMENT = /^(?:\d{4}\/\d\d|undated)\/[^/]+\.(?:md|html|json|csv)$/;

describe('inspect --zip: many conversations in one ZIP (export-format "ZIP of many conversations")', () => {
  it('writes a document per conversation under the month it started, each named in the report', async () => {
    const { paths, report, text } = await zipOf([]);
    const documents = paths.filter((path) => DOCUMENT.test(path));
    // Six items, one unreadable.
    expect(documents).toHaveLength(5);
    expect(report.conversations.map((entry: { path: string }) => entry.path).sort()).toEqual(
      documents.sort(),
    );
    const pathOf = (id: string): string =>
      report.conversations.find((entry: { id: string }) => entry.id === id)?.path;
    expect(pathOf(FIXTURE_IDS.webSearch)).toMatch(/^2026\/10\/2026-10-20 /);
    expect(pathOf('older-one')).toBe('2025/03/2025-03-10 An older one.md');
    expect(pathOf('undated-one')).toMatch(/^undated\//);
    // Two of one title and day: the second is made unique.
    expect(pathOf('same-title-other-id')).toBe(pathOf(FIXTURE_IDS.plain).replace(/\.md$/, ' (2).md'));
    expect(text(pathOf('older-one'))).toContain('# An older one');
    for (const top of ['index.md', 'library.csv', 'library.ads.csv', 'library.offers.csv', 'report.json'])
      expect(paths).toContain(top);
    // The prompts table sums up every conversation: an archive, holding one at a time, leaves it out.
    expect(paths).not.toContain('library.prompts.csv');
  });

  it('lists the unreadable item as failed, and says so on the report first line', async () => {
    const { text, report, result } = await zipOf([]);
    const [firstLine] = text('report.json').split('\n');
    expect(firstLine).toBe('{"partial": true, "summary": "5 conversations written, 1 item failed.",');
    expect(report.partial).toBe(true);
    expect(report.counts).toEqual({ written: 5, failed: 1, filteredOut: 0, notInTables: 0 });
    expect(report.failed).toHaveLength(1);
    expect(result.stderr).toContain(`warning: ${report.failed[0].warning}`);
    expect(result.stderr).toContain('Wrote all.zip');
    const whole = await zipOf([], {
      [FILE]: exportFile().filter((item) => (item as { id: string }).id !== 'broken-mapping'),
    });
    expect(whole.text('report.json').split('\n')[0]).toBe(
      '{"partial": false, "summary": "5 conversations written.",',
    );
  });

  it('closes the archive over what was read when the file stops early, its report saying why', async () => {
    const text = JSON.stringify(exportFile());
    const cut = text.slice(0, text.indexOf('"older-one"'));
    const result = await run([FILE, '--zip', 'all.zip'], { [FILE]: cut });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/were written to all\.zip/);
    const entries = unzipSync(result.writtenBytes.get('all.zip') ?? new Uint8Array());
    const report = JSON.parse(strFromU8(entries['report.json'] ?? new Uint8Array()));
    expect(report.partial).toBe(true);
    expect(report.counts.written).toBe(4);
    expect(report.failed.at(-1).warning).toMatch(/ends early/);
  });

  it('writes an index whose links all lead to documents in the archive, newest first', async () => {
    const { text, paths } = await zipOf([]);
    const links = [...text('index.md').matchAll(/^- (\S+) \[[^\]]*\]\(<([^>]+)>\)$/gm)];
    expect(links).toHaveLength(5);
    for (const [, , path] of links) expect(paths).toContain(path);
    expect(links.map(([, day]) => day)).toEqual([
      '2026-11-02',
      '2026-11-02',
      '2026-10-20',
      '2025-03-10',
      'undated',
    ]);
    const html = await zipOf(['--format', 'html']);
    const hrefs = [...html.text('index.html').matchAll(/href="([^"]+)"/g)].map(([, href]) =>
      decodeURI(href ?? ''),
    );
    expect(hrefs).toHaveLength(5);
    for (const href of hrefs) expect(html.paths).toContain(href);
    expect(html.paths.filter((path) => path.endsWith('.html') && path !== 'index.html')).toHaveLength(5);
  });

  it('writes the library tables of the same conversations', async () => {
    const { text } = await zipOf(['--since', '2026-01-01']);
    const joined = text('library.csv');
    expect(joined).toContain(FIXTURE_IDS.webSearch);
    expect(joined).not.toContain('older-one');
  });

  it('keeps the conversations started in a range of days, and those holding a word', async () => {
    const { report, paths } = await zipOf(['--since', '2026-10-01', '--until', '2026-10-31']);
    expect(report.conversations.map((entry: { id: string }) => entry.id)).toEqual([FIXTURE_IDS.webSearch]);
    expect(report.counts.filteredOut).toBe(4);
    expect(report.asked.filter).toEqual({ since: '2026-10-01', until: '2026-10-31' });
    expect(paths.filter((path) => DOCUMENT.test(path))).toHaveLength(1);
    const searched = await zipOf(['--search', 'AN OLDER']);
    expect(searched.report.conversations.map((entry: { id: string }) => entry.id)).toEqual(['older-one']);
  });

  it("holds the data export's images as files beside each Markdown document", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { entries, text, report } = await zipOf([], {
      [FILE]: [richContentTree()],
      'export/file_00000000a1b2c3d4-9c1f.png': png,
    });
    const [{ path }] = report.conversations;
    const folder = `${path.slice(0, -'.md'.length)} files`;
    expect(entries[`${folder}/file_00000000a1b2c3d4-9c1f.png`]).toEqual(png);
    const name = folder.slice(folder.lastIndexOf('/') + 1);
    expect(text(path)).toContain(`](<${name}/file_00000000a1b2c3d4-9c1f.png>)`);
  });

  it('writes the ZIP in parts of about the size asked, a conversation never split between two', async () => {
    const result = await run([FILE, '--zip', 'all.zip', '--zip-part-size', '1K'], { [FILE]: exportFile() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Wrote all.part*.zip');
    const parts = [...result.writtenBytes.keys()];
    expect(parts.length).toBeGreaterThan(1);
    expect(parts).toEqual(parts.map((_, index) => `all.part${index + 1}.zip`));
    const byPart = parts.map((part) =>
      Object.keys(unzipSync(result.writtenBytes.get(part) ?? new Uint8Array())),
    );
    const all = byPart.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((path) => DOCUMENT.test(path))).toHaveLength(5);
    expect(byPart.at(-1)).toEqual(expect.arrayContaining(['index.md', 'report.json', 'library.csv']));
    // Every part but the last holds at least the size asked; none starts a conversation past it.
    for (const part of parts.slice(0, -1))
      expect(result.writtenBytes.get(part)?.length ?? 0).toBeGreaterThanOrEqual(1024);
  });

  it('refuses flags that do not fit, writing nothing', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--zip', 'a.zip', '--since', '2026-13-01'], /--since: "2026-13-01" is not a day: use YYYY-MM-DD\./],
      [
        ['--zip', 'a.zip', '--since', '2026-11-02', '--until', '2026-11-01'],
        /--since 2026-11-02 is after --until/,
      ],
      [['--format', 'md', '--since', '2026-11-01'], /choose the conversations of --zip or --out-dir/],
      [
        ['--zip', 'a.zip', '--format', 'zip'],
        /--zip holds one file per conversation in a text export format/,
      ],
      [['--zip', 'a.zip', '--format', 'parquet'], /--zip holds one file per conversation/],
      [['--zip', 'a.zip', '--out', 'b.md'], /Give one of --out, --out-dir and --zip/],
      [['--zip', 'a.zip', '--search', ' '], /--search: it is empty/],
      [['--zip', 'a.zip', '--zip-part-size', '10X'], /--zip-part-size: "10X" is no size/],
      [['--zip', 'a.zip', '--zip-part-size', '0'], /--zip-part-size: "0" is no size/],
      [['--format', 'md', '--zip-part-size', '5M'], /--zip-part-size splits the archive of --zip/],
    ];
    for (const [flags, message] of cases) {
      const result = await run([FILE, ...flags], { [FILE]: exportFile() });
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.written.size).toBe(0);
    }
  });
});
