import { parquetMetadataAsync } from 'hyparquet';
import { monthOfFolder, NO_MONTH, ownFile, SCHEMA_KEY } from '@/lens/library/dataset-layout';
import { LIBRARY_TABLES, type LibraryTableName } from '@/lens/library/library-tables';
import { countOf } from '@/lib/model/count-text';
import type { CliIo } from './cli-io';

/** How deep a dataset's files lie: a team's folder, a member's, a table's, a month's. */
const DEEPEST = 6;

const TABLE_NAMES = new Set<string>(LIBRARY_TABLES.map((table) => table.name));

/** A file in a month's folder of a table: `<table>/month=YYYY-MM/<name>`. */
interface DatasetEntry {
  path: string;
  name: string;
  table: LibraryTableName;
  month: string;
}

/** Every file of the layout under a folder, a team's or a member's, in the order a listing gives. */
async function datasetEntries(
  io: Pick<CliIo, 'isFolder' | 'listFolder'>,
  folder: string,
  trail: readonly string[] = [],
): Promise<DatasetEntry[]> {
  const entries: DatasetEntry[] = [];
  for (const name of (await io.listFolder(folder)).sort()) {
    const path = `${folder}/${name}`;
    const [table, monthFolder] = trail.slice(-2);
    const month = monthFolder === undefined ? null : monthOfFolder(monthFolder);
    if (await io.isFolder(path)) {
      if (trail.length < DEEPEST) entries.push(...(await datasetEntries(io, path, [...trail, name])));
    } else if (table !== undefined && TABLE_NAMES.has(table) && month !== null)
      entries.push({ path, name, table: table as LibraryTableName, month });
  }
  return entries;
}

const PARQUET_MAGIC = 'PAR1';

/** What a dataset's file holds, read from its footer: its rows and schema version; or why it does not read. */
type FileCheck = { ok: true; rows: number; schema: string | null } | { ok: false; why: string };

async function checkFile(io: Pick<CliIo, 'openRandomAccess'>, entry: DatasetEntry): Promise<FileCheck> {
  if (ownFile(entry.name)?.partial === true)
    return { ok: false, why: 'left by a write that did not finish (remove it, or write the dataset again)' };
  if (!entry.name.endsWith('.parquet')) return { ok: false, why: 'not a Parquet file' };
  let file: Awaited<ReturnType<CliIo['openRandomAccess']>>;
  try {
    file = await io.openRandomAccess(entry.path);
  } catch (error) {
    return { ok: false, why: `cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const head = new TextDecoder().decode(await file.read(0, PARQUET_MAGIC.length));
    if (head !== PARQUET_MAGIC) return { ok: false, why: 'not a Parquet file' };
    const metadata = await parquetMetadataAsync({
      byteLength: file.size,
      slice: async (start, end = file.size) => {
        const bytes = await file.read(start, end - start);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    });
    const schema = metadata.key_value_metadata?.find((pair) => pair.key === SCHEMA_KEY)?.value ?? null;
    return { ok: true, rows: Number(metadata.num_rows), schema };
  } catch {
    return { ok: false, why: 'truncated or damaged: its Parquet footer does not read' };
  } finally {
    await file.close();
  }
}

/** A string as SQL quotes it. */
const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** A table's months, as a line says them: `3 months, 2026-01 to 2026-03, and rows with no date`. */
function monthsText(months: ReadonlySet<string>): string {
  const dated = [...months].filter((month) => month !== NO_MONTH).sort();
  const parts: string[] = [];
  if (dated.length > 0)
    parts.push(
      dated.length === 1
        ? `month ${dated[0]}`
        : `${countOf(dated.length, 'month')}, ${dated[0]} to ${dated.at(-1)}`,
    );
  if (months.has(NO_MONTH)) parts.push('rows with no date');
  return parts.join(', and ');
}

/**
 * `inspect --check-dataset DIR`: what a team dataset's folder holds, per table (files, rows, months, schema
 * versions), each file that does not read named with why, and the DuckDB query of those that do
 * (export-format "Team dataset"). Returns the exit code: 0 when every file reads, 1 otherwise.
 */
export async function checkDataset(
  io: Pick<CliIo, 'isFolder' | 'listFolder' | 'openRandomAccess' | 'stdout' | 'stderr'>,
  folder: string,
): Promise<number> {
  const root = folder.replace(/\/+$/, '');
  if (!(await io.isFolder(root))) {
    io.stderr(`${folder} is not a folder.\n`);
    return 1;
  }
  const entries = await datasetEntries(io, root);
  if (entries.length === 0) {
    io.stderr(`${folder} holds no dataset: no file under <table>/month=YYYY-MM/.\n`);
    return 1;
  }
  const lines: string[] = [];
  const unread: string[] = [];
  for (const table of LIBRARY_TABLES) {
    const own = entries.filter((entry) => entry.table === table.name);
    if (own.length === 0) continue;
    const read: string[] = [];
    const months = new Set<string>();
    const schemas = new Set<string>();
    let rows = 0;
    for (const entry of own) {
      const check = await checkFile(io, entry);
      if (!check.ok) {
        unread.push(`  ${entry.path}: ${check.why}`);
        continue;
      }
      read.push(entry.path);
      months.add(entry.month);
      schemas.add(check.schema ?? 'no schema version');
      rows += check.rows;
    }
    lines.push(`${table.name}: ${countOf(read.length, 'file')}, ${countOf(rows, 'row')}`);
    if (read.length === 0) continue;
    lines.push(`  ${monthsText(months)}; schema ${[...schemas].sort().join(', ')}`);
    lines.push(
      `  select * from read_parquet([${read.map(sqlText).join(', ')}], hive_partitioning = true, union_by_name = true);`,
    );
  }
  if (unread.length > 0) lines.push(`${countOf(unread.length, 'file')} not read:`, ...unread);
  await io.stdout(`${lines.join('\n')}\n`);
  return unread.length === 0 ? 0 : 1;
}
