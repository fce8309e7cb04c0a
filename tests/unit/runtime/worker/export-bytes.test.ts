import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { receivedExport } from '@/lens/runtime/contract/download-file';
import { exportOf, wholeFile } from '@/lens/runtime/worker/export-bytes';
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
    const file = wholeFile(prepared);
    expect(file.encoding).toBe('base64');
    expect(JSON.parse(JSON.stringify(file))).toEqual(file);
    const received = receivedExport(file);
    const bytes = new Uint8Array(await received.body.arrayBuffer());
    expect(bytes).toEqual(bytesOf(prepared.pieces()));
    expect(Object.keys(unzipSync(bytes)).some((name) => name.endsWith('.md'))).toBe(true);
    expect(received.body.type).toBe('application/zip');
  });

  it('carries text as it is', async () => {
    const file = wholeFile(exportOf(inspection, 'md', {}, EXPORTED_AT));
    expect(file.encoding).toBeUndefined();
    expect(await receivedExport(file).body.text()).toBe(file.text);
  });
});
