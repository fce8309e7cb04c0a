import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { liveExportText, storedConversations } from '@/tests/support/data-export-files';
import { run } from './run-in-memory';

const FILE = 'conversations.json';
const exportText = liveExportText(storedConversations(['liveSearch', 'webSearch', 'plain', 'liveShopping']));
/** The run's time in run-in-memory.ts, as the file names hold it. */
const STAMP = '20261120T120000Z';

const parquetBytes = (bytes: Uint8Array | undefined): ArrayBuffer =>
  (bytes ?? new Uint8Array()).slice().buffer;

describe('inspect --format parquet --out-dir', () => {
  it('writes every table by month, each file complete under its own name and naming its schema', async () => {
    const result = await run([FILE, '--format', 'parquet', '--out-dir', 'team/alice/'], {
      [FILE]: exportText,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Wrote the dataset in team/alice/\n');
    const paths = [...result.writtenBytes.keys()];
    for (const path of paths)
      expect(path).toMatch(
        new RegExp(
          `^team/alice/(${LIBRARY_TABLES.map(({ name }) => name).join('|')})/month=(\\d{4}-\\d{2}|__HIVE_DEFAULT_PARTITION__)/chat-lens-\\1-${STAMP}\\.parquet$`,
        ),
      );
    const joined = paths.filter((path) => path.startsWith('team/alice/joined/'));
    expect(joined.length).toBeGreaterThan(0);
    for (const path of paths) {
      const buffer = parquetBytes(result.writtenBytes.get(path));
      const table = /^team\/alice\/([a-z]+)\//.exec(path)?.[1];
      const month = /month=([^/]+)/.exec(path)?.[1];
      expect(parquetMetadata(buffer).key_value_metadata).toContainEqual({
        key: 'chat_lens.schema',
        value: `chat-lens/${table}@${LIBRARY_TABLES.find(({ name }) => name === table)?.dataset.version}`,
      });
      // Every row of a month's file falls in that month, by the table's first time column that holds one.
      for (const row of await parquetReadObjects({ file: buffer })) {
        const monthFrom = LIBRARY_TABLES.find(({ name }) => name === table)?.dataset.monthFrom ?? [];
        const at = (monthFrom.map((column) => row[column]).find((value) => value != null) ??
          null) as Date | null;
        expect(at === null ? '__HIVE_DEFAULT_PARTITION__' : at.toISOString().slice(0, 7)).toBe(month);
      }
    }
  });

  it("replaces the previous run's files of a table, and keeps every other file of the folder", async () => {
    const earlier = 'out/joined/month=2025-01/chat-lens-joined-20250105T080000Z.parquet';
    const leftover = 'out/ads/month=2025-01/.chat-lens-ads-20250105T080000Z.parquet.partial';
    const users = 'out/joined/month=2025-01/my-notes.parquet';
    const outside = 'out/chat-lens-joined-20250105T080000Z.parquet';
    const files: Record<string, unknown> = {
      [FILE]: exportText,
      [earlier]: 'PAR1',
      [leftover]: 'PAR1',
      [users]: 'PAR1',
      [outside]: 'PAR1',
    };
    const result = await run([FILE, '--format', 'parquet', '--out-dir', 'out'], files);
    expect(result.code).toBe(0);
    expect(Object.keys(files).sort()).toEqual([FILE, outside, users].sort());
    expect([...result.writtenBytes.keys()].every((path) => path.endsWith(`-${STAMP}.parquet`))).toBe(true);
  });

  it('takes --out-dir with Parquet only among the table formats', async () => {
    const result = await run([FILE, '--format', 'library-csv', '--out-dir', 'out'], { [FILE]: exportText });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/or the library's tables as a dataset \(--format parquet\)/);
  });
});
