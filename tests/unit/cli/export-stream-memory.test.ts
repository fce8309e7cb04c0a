import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBigExport } from '@/tests/support/big-export-file';

const FILE_BYTES = 100_000_000;
/** Less than the file: the text of a file read whole would not fit, let alone its parsed conversations. */
const HEAP_MEGABYTES = 64;
/**
 * For a read that hangs, not a time it is held to: alone each step takes a few seconds, but beside the e2e
 * lanes the unit tests run at a lower priority (testing "Lanes"), and one read there took over 120 s.
 */
const STEP_TIMEOUT_MS = 400_000;

/** `chat-lens-inspect <file> --format csv` in a child process whose heap is capped; resolves with its outcome. */
function inspectCsv(path: string): Promise<{ code: number | null; stdoutBytes: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${HEAP_MEGABYTES}`, 'bin/chat-lens-inspect.mjs', path, '--format', 'csv'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdoutBytes, stderr }));
  });
}

/** The export packed as ChatGPT sends it, `conversations.json` in a ZIP archive, written as it is packed. */
async function zipped(path: string, zipPath: string): Promise<void> {
  const out = createWriteStream(zipPath);
  const zip = new Zip((error, chunk) => {
    if (error) out.destroy(error);
    else out.write(chunk);
  });
  const entry = new ZipDeflate('conversations.json', { level: 1 });
  zip.add(entry);
  for await (const chunk of createReadStream(path)) entry.push(chunk as Buffer);
  entry.push(new Uint8Array(0), true);
  zip.end();
  out.end();
  await finished(out);
}

describe('memory while reading a data export', () => {
  const path = join(tmpdir(), `chat-lens-memory-${process.pid}.json`);
  const zipPath = join(tmpdir(), `chat-lens-memory-${process.pid}.zip`);
  // Written once for both: the same export read as it is and as ChatGPT packs it.
  let csvBytes = 0;
  beforeAll(async () => {
    csvBytes = (await writeBigExport(path, FILE_BYTES)).csvBytes;
    await zipped(path, zipPath);
  }, STEP_TIMEOUT_MS);
  afterAll(async () => {
    await rm(path, { force: true });
    await rm(zipPath, { force: true });
  });

  it.each(['json', 'zip'])(
    `reads a ${FILE_BYTES / 1_000_000} MB export (%s) with a ${HEAP_MEGABYTES} MB heap: one conversation at a time, never the file`,
    async (kind) => {
      const result = await inspectCsv(kind === 'zip' ? zipPath : path);
      expect(result.stderr).not.toMatch(/FATAL ERROR|\n\s+at /);
      expect(result.code).toBe(0);
      expect(result.stdoutBytes).toBe(csvBytes);
    },
    STEP_TIMEOUT_MS,
  );
});
