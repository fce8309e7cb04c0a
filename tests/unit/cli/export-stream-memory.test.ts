import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBigExport } from '@/tests/support/big-export-file';

const FILE_BYTES = 100_000_000;
/** Less than the file: the text of a file read whole would not fit, let alone its parsed conversations. */
const HEAP_MEGABYTES = 64;

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

describe('memory while reading a data export', () => {
  it(`reads a ${FILE_BYTES / 1_000_000} MB export with a ${HEAP_MEGABYTES} MB heap: one conversation at a time, never the file`, async () => {
    const path = join(tmpdir(), `chat-lens-memory-${process.pid}.json`);
    try {
      const written = await writeBigExport(path, FILE_BYTES);
      const result = await inspectCsv(path);
      expect(result.stderr).not.toMatch(/FATAL ERROR|\n\s+at /);
      expect(result.code).toBe(0);
      expect(result.stdoutBytes).toBe(written.csvBytes);
    } finally {
      await rm(path, { force: true });
    }
  }, 120_000);
});
