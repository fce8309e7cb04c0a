import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { tableFileName } from '@/lens/library/table-file-name';
import { liveExportText, storedConversations } from '@/tests/support/data-export-files';
import { run } from './run-in-memory';

interface ExportDocument {
  sources: Array<{ domain: string | null; cited: boolean; retrieved: boolean }>;
  queries: Array<{ kind: string }>;
}

/** Per domain: the pages cited and retrieved (once per turn, as `sources[]` has them) and their shares. */
interface DomainCounts {
  cited: number;
  retrieved: number;
  citedShare: number;
  retrievedShare: number;
}

const EXPORT_TEXT = liveExportText(
  storedConversations(['liveSearch', 'webSearch', 'longHistory', 'liveShopping', 'plain', 'products']),
);

/** `chat-lens-inspect` as a user runs it, in a process of its own; resolves with its exit code and stderr. */
function inspectCommand(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/chat-lens-inspect.mjs', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function domainCountsOfJson(documents: readonly ExportDocument[]): Map<string | null, DomainCounts> {
  const sources = documents.flatMap((document) => document.sources);
  const totalCited = sources.filter((source) => source.cited).length;
  const totalRetrieved = sources.filter((source) => source.retrieved).length;
  const counts = new Map<string | null, DomainCounts>();
  for (const domain of new Set(sources.map((source) => source.domain))) {
    const own = sources.filter((source) => source.domain === domain);
    const cited = own.filter((source) => source.cited).length;
    const retrieved = own.filter((source) => source.retrieved).length;
    counts.set(domain, {
      cited,
      retrieved,
      citedShare: cited / totalCited,
      retrievedShare: retrieved / totalRetrieved,
    });
  }
  return counts;
}

const queryCountsOfJson = (documents: readonly ExportDocument[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const query of documents.flatMap((document) => document.queries))
    counts.set(query.kind, (counts.get(query.kind) ?? 0) + 1);
  return counts;
};

describe('the Parquet tables read by DuckDB', () => {
  let folder = '';
  let parquetPath = '';
  let documents: ExportDocument[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'chat-lens-duckdb-'));
    const input = join(folder, 'conversations.json');
    parquetPath = join(folder, 'library.parquet');
    await writeFile(input, EXPORT_TEXT);
    const written = await inspectCommand([input, '--format', 'parquet', '--out', parquetPath]);
    const names = LIBRARY_TABLES.map((table) => tableFileName(parquetPath, table.name, 'parquet'));
    expect(names).toContain(join(folder, 'library.ads.parquet'));
    expect(written.stderr).toBe(`Wrote ${names.slice(0, -1).join(', ')} and ${names.at(-1)}\n`);
    expect(written.code).toBe(0);
    const json = await run(['conversations.json', '--format', 'json'], { 'conversations.json': EXPORT_TEXT });
    documents = JSON.parse(json.stdout) as ExportDocument[];
  }, 60_000);

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const quoted = (path: string): string => `'${path.replaceAll("'", "''")}'`;

  /** A query's rows, with DuckDB's BIGINTs as numbers; `$file`, `$ads` and `$offers` name the tables' files. */
  async function query(sql: string): Promise<Record<string, unknown>[]> {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(
        sql
          .replaceAll('$file', quoted(parquetPath))
          .replaceAll('$ads', quoted(join(folder, 'library.ads.parquet')))
          .replaceAll('$offers', quoted(join(folder, 'library.offers.parquet'))),
      );
      return reader
        .getRowObjectsJS()
        .map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([name, value]) => [
              name,
              typeof value === 'bigint' ? Number(value) : value,
            ]),
          ),
        );
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }

  it('counts cited and retrieved pages per domain, and their shares, as the JSON export does', async () => {
    const rows = await query(`
      with pages as (
        select page_domain as domain, cited, retrieved from read_parquet($file) where page_row
      )
      select
        domain,
        count(*) filter (where cited) as cited,
        count(*) filter (where retrieved) as retrieved,
        count(*) filter (where cited) / sum(count(*) filter (where cited)) over () as cited_share,
        count(*) filter (where retrieved) / sum(count(*) filter (where retrieved)) over () as retrieved_share
      from pages
      group by domain
    `);
    const fromJson = domainCountsOfJson(documents);
    expect(fromJson.size).toBeGreaterThan(5);
    expect(new Set(rows.map((row) => row.domain))).toEqual(new Set(fromJson.keys()));
    for (const row of rows) {
      const expected = fromJson.get(row.domain as string | null);
      expect({ cited: row.cited, retrieved: row.retrieved }, String(row.domain)).toEqual({
        cited: expected?.cited,
        retrieved: expected?.retrieved,
      });
      expect(row.cited_share).toBeCloseTo(expected?.citedShare ?? Number.NaN, 12);
      expect(row.retrieved_share).toBeCloseTo(expected?.retrievedShare ?? Number.NaN, 12);
    }
  });

  it('counts the queries of each kind as the JSON export does', async () => {
    const rows = await query(`
      select query_kind, count(*) as queries
      from (
        select distinct conversation_id, turn_index, query_order, query_kind
        from read_parquet($file)
        where query is not null
      )
      group by query_kind
    `);
    const fromJson = queryCountsOfJson(documents);
    expect([...fromJson.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(20);
    expect(new Map(rows.map((row) => [row.query_kind, row.queries]))).toEqual(fromJson);
  });

  it('reads every column with its declared type, and the ads and offers tables beside it', async () => {
    const columns = await query('describe select * from read_parquet($file)');
    expect(
      Object.fromEntries(columns.map((column) => [column.column_name, column.column_type])),
    ).toMatchObject({
      conversation_id: 'VARCHAR',
      conversation_created: 'TIMESTAMP',
      turn_index: 'BIGINT',
      searched: 'BOOLEAN',
      page_rank: 'BIGINT',
      page_row: 'BOOLEAN',
    });
    const [tables] = await query(`
      select
        (select count(*) from read_parquet($ads)) as ads,
        (select count(*) from read_parquet($offers)) as offers,
        (select count(*) from read_parquet($offers) where seen_in = 'answer') as answered
    `);
    // A data export holds no ads; its offers are those its shopping answers gave in their own references.
    expect(tables?.ads).toBe(0);
    expect(tables?.offers).toBeGreaterThan(0);
    expect(tables?.answered).toBe(tables?.offers);
  });
});
