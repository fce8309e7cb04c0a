import { describe, expect, it } from 'vitest';
import { brandsFileText } from '@/lens/library/brands-file';
import { BRANDS_TABLE } from '@/lens/library/brands-table';
import { JOINED_TABLE } from '@/lens/library/joined-table';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { liveExportText, storedConversations } from '@/tests/support/data-export-files';
import { run } from './run-in-memory';

const FILE = 'conversations.json';
const exportText = liveExportText(storedConversations(['liveSearch', 'webSearch', 'plain', 'liveShopping']));

/** A member's dataset as `inspect` writes it, its files' bytes by path. */
async function writtenDataset(folder: string): Promise<Map<string, Uint8Array>> {
  const result = await run([FILE, '--format', 'parquet', '--out-dir', folder], { [FILE]: exportText });
  expect(result.code).toBe(0);
  return result.writtenBytes;
}

describe('inspect --check-dataset', () => {
  it('lists each table of a sound folder and the DuckDB query of its files', async () => {
    const dataset = await writtenDataset('team/alice');
    const result = await run(['--check-dataset', 'team'], Object.fromEntries(dataset));
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const joined = [...dataset.keys()].filter((path) => path.startsWith('team/alice/joined/')).sort();
    expect(result.stdout).toContain(`joined: ${joined.length} file${joined.length === 1 ? '' : 's'}, `);
    // Each table written names its schema's version, as the table declares it.
    const written = LIBRARY_TABLES.filter((table) =>
      [...dataset.keys()].some((path) => path.startsWith(`team/alice/${table.name}/`)),
    );
    expect(written).toContain(JOINED_TABLE);
    for (const table of written)
      expect(result.stdout).toContain(`schema chat-lens/${table.name}@${table.dataset.version}`);
    expect(result.stdout).toContain(
      `select * from read_parquet([${joined.map((path) => `'${path}'`).join(', ')}], hive_partitioning = true, union_by_name = true);`,
    );
    expect(result.stdout).not.toContain('not read');
  });

  it('knows the brands table that --brands fills, with its schema version', async () => {
    const brands = brandsFileText(
      { own: { name: 'REI', domains: ['rei.com'], mentions: [] }, competitors: [] },
      new Date(0),
    );
    const written = await run(
      [FILE, '--format', 'parquet', '--out-dir', 'team/alice', '--brands', 'b.json'],
      {
        [FILE]: exportText,
        'b.json': brands,
      },
    );
    expect(written.code, written.stderr).toBe(0);
    const files = [...written.writtenBytes.keys()].filter((path) => path.startsWith('team/alice/brands/'));
    expect(files.length).toBeGreaterThan(0);
    const result = await run(['--check-dataset', 'team'], Object.fromEntries(written.writtenBytes));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`schema chat-lens/brands@${BRANDS_TABLE.dataset.version}`);
    expect(result.stdout).toContain(`'${files[0]}'`);
  });

  it('names a truncated file, a text file and a partial file, and still reads the others', async () => {
    const dataset = await writtenDataset('team/alice');
    const [good, goodBytes] = [...dataset].find(([path]) => path.startsWith('team/alice/joined/')) ?? [];
    if (good === undefined || goodBytes === undefined) throw new Error('no joined file written');
    const month = good.slice(0, good.lastIndexOf('/'));
    const truncated = `${month}/chat-lens-joined-20250105T080000Z.parquet`;
    const text = `${month}/notes.parquet`;
    const partial = `${month}/.chat-lens-joined-20250105T080000Z.parquet.partial`;
    const files: Record<string, unknown> = {
      ...Object.fromEntries(dataset),
      [truncated]: goodBytes.slice(0, Math.floor(goodBytes.length / 2)),
      [text]: 'Ask Bob about the March prompts.\n',
      [partial]: goodBytes.slice(0, 40),
    };
    const result = await run(['--check-dataset', 'team/alice'], files);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      [
        '3 files not read:',
        `  ${partial}: left by a write that did not finish (remove it, or write the dataset again)`,
        `  ${truncated}: truncated or damaged: its Parquet footer does not read`,
        `  ${text}: not a Parquet file`,
      ].join('\n'),
    );
    const query = result.stdout.split('\n').find((line) => line.includes(`'${good}'`)) ?? '';
    expect(query).not.toContain(truncated);
    expect(query).not.toContain(text);
    expect(query).not.toContain(partial);
  });

  it('says when a folder holds no dataset, and takes no other argument', async () => {
    const empty = await run(['--check-dataset', 'notes'], { 'notes/todo.txt': 'nothing here' });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe('notes holds no dataset: no file under <table>/month=YYYY-MM/.\n');
    const mixed = await run(['--check-dataset', 'team', 'conversations.json'], {});
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/^--check-dataset reads a folder and writes nothing: give it alone\./);
  });
});
