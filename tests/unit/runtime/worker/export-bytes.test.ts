import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeExport } from '@/lens/export/format-writers';
import { receivedExport } from '@/lens/runtime/contract/download-file';
import { exportOf, wholeFile } from '@/lens/runtime/worker/export-bytes';
import { ReadiedExports } from '@/lens/runtime/worker/readied-exports';
import { bytesOf } from '@/tests/unit/export/export-text';
import { EXPORTED_AT, richInspection } from '@/tests/unit/export/rich-inspection';

/**
 * Where the background is no service worker (Firefox's event page), an export crosses runtime messaging,
 * which carries JSON: a ZIP goes as base64 and comes out as the same bytes.
 */
describe('an export written whole for runtime messaging', () => {
  const inspection = richInspection();

  it('carries a ZIP as base64, which the page turns back into the same bytes', async () => {
    const prepared = exportOf(inspection, 'zip', {}, EXPORTED_AT);
    const file = await wholeFile(prepared);
    expect(file.encoding).toBe('base64');
    expect(JSON.parse(JSON.stringify(file))).toEqual(file);
    const received = receivedExport(file);
    const bytes = new Uint8Array(await received.body.arrayBuffer());
    expect(bytes).toEqual(bytesOf(prepared.pieces() as Iterable<string | Uint8Array>));
    expect(Object.keys(unzipSync(bytes)).some((name) => name.endsWith('.md'))).toBe(true);
    expect(received.body.type).toBe('application/zip');
  });

  it('carries text as it is', async () => {
    const file = await wholeFile(exportOf(inspection, 'md', {}, EXPORTED_AT));
    expect(file.encoding).toBeUndefined();
    expect(await receivedExport(file).body.text()).toBe(file.text);
  });

  it('carries a text whose body was readied before as the same text', async () => {
    const readied = new ReadiedExports();
    readied.ready(inspection, 'html', {});
    const file = await wholeFile(exportOf(inspection, 'html', {}, EXPORTED_AT, { readied }));
    expect(file.text).toBe(writeExport(inspection, 'html', { exportedAt: EXPORTED_AT }));
  });
});
