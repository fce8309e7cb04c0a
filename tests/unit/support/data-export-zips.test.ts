import { describe, expect, it } from 'vitest';
import { dataExportAssetPaths } from '@/lens/cli/data-export-assets';
import { type DataExportFiles, zipDataExport } from '@/lib/model/data-export-files';
import { readDataExportItems } from '@/lib/model/data-export-stream';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { textOf } from '@/lib/model/text-of';
import { UPLOADED_IMAGE_ID } from '@/tests/replica/fixtures/conversations/canvas-and-images';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import {
  type DataExportZipOptions,
  EXPORTED_FIXTURES,
  exportedImages,
  oneFileExportZip,
  partsExportZip,
} from '@/tests/support/data-export-zips';
import { memorySource } from '@/tests/unit/fixtures/zip-bytes';

async function opened(zip: Uint8Array): Promise<DataExportFiles> {
  const source = await zipDataExport(memorySource(zip));
  if (!source.ok) throw new Error(source.error.message);
  return source.value;
}

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return joinedBytes(parts);
}

/** The ids of the conversations the reader hands on, in order. */
async function conversationIds(source: DataExportFiles): Promise<string[]> {
  const ids: string[] = [];
  const read = await readDataExportItems(
    source.layout.parts.map((name) => source.read(name)),
    {
      item: async (value) => {
        ids.push(String((value as { id?: unknown }).id));
      },
      progress: () => {},
    },
  );
  expect(read).toEqual({ ok: true, value: ids.length, warnings: [] });
  return ids;
}

/** Where the reader finds each image of the export, by its pointer, and the bytes it reads there. */
async function imagesFound(source: DataExportFiles): Promise<Map<string, Uint8Array | null>> {
  const { folder, files } = source.layout;
  const namesFile = files.includes('conversation_asset_file_names.json')
    ? JSON.parse(await textOf(source.read(`${folder}conversation_asset_file_names.json`)))
    : null;
  const resolve = dataExportAssetPaths(files, namesFile, folder);
  const found = new Map<string, Uint8Array | null>();
  for (const image of exportedImages()) {
    const path = resolve(image.pointer);
    found.set(image.pointer, path === null ? null : await bytesOf(source.read(path)));
  }
  return found;
}

const LAYOUTS = [
  ['one file', oneFileExportZip],
  ['parts', partsExportZip],
] as const;
const SHAPES = ['document', 'live'] as const;

describe('the data export ZIPs of the tests (site-interface 10.8)', () => {
  it('show a photo the user uploaded, and an image the model made', () => {
    const pointers = exportedImages().map((image) => image.pointer);
    expect(pointers).toContain(`sediment://${UPLOADED_IMAGE_ID}`);
    expect(pointers.length).toBeGreaterThanOrEqual(3);
  });

  for (const [layout, zipOf] of LAYOUTS)
    for (const shape of SHAPES)
      it(`are read whole by the project's reader: ${layout}, ${shape} shape, at the top or in a folder`, async () => {
        for (const folder of ['', 'Export 2026-11-28/']) {
          const options: DataExportZipOptions = { shape, folder };
          const source = await opened(zipOf(options));
          expect(source.layout.folder).toBe(folder);
          expect(await conversationIds(source)).toEqual(EXPORTED_FIXTURES.map((name) => FIXTURE_IDS[name]));
          const found = await imagesFound(source);
          for (const image of exportedImages()) expect(found.get(image.pointer)).toEqual(image.bytes);
        }
      });

  it('split the conversations over the parts asked for, and name images both ways in parts', async () => {
    const one = await opened(oneFileExportZip());
    expect(one.layout.parts).toEqual(['conversations.json']);
    expect(one.layout.files).toEqual(expect.arrayContaining(['chat.html', 'user.json']));
    const parts = await opened(partsExportZip({ parts: 3 }));
    expect(parts.layout.parts).toEqual([
      'conversations-000.json',
      'conversations-001.json',
      'conversations-002.json',
    ]);
    expect(parts.layout.files.some((name) => name.endsWith('.dat'))).toBe(true);
    expect(parts.layout.files.some((name) => /^file_[0-9a-f]+-/.test(name))).toBe(true);
    expect((await opened(partsExportZip({ parts: 5 }))).layout.parts).toHaveLength(5);
    expect((await opened(partsExportZip({ names: ['plain'], parts: 4 }))).layout.parts).toHaveLength(1);
  });
});
