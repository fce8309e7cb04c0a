import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportFileNameOf, FORMAT_WRITERS } from '@/lens/export/format-writers';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import type { AssetFile } from '@/lib/export/asset-files';
import { readCanvases } from '@/lib/insights/canvas';
import { run } from '@/tests/unit/cli/run-in-memory';
import { richContentConversation, richContentTree } from '@/tests/unit/fixtures/rich-content';
import { bytesOf, zipEntries } from './export-text';
import { EXPORTED_AT } from './rich-inspection';

const GENERATED_ID = 'file_00000000a1b2c3d4';
const UPLOADED_ID = 'file-Up1Tram';
/** Not real images: what matters is that the bytes go into the archive as they came. */
const GENERATED_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 250]);
const UPLOADED_BYTES = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 0]);

const files = new Map<string, AssetFile>([
  [GENERATED_ID, { bytes: GENERATED_BYTES, mimeType: 'image/png', name: null }],
  [UPLOADED_ID, { bytes: UPLOADED_BYTES, mimeType: 'image/jpeg', name: null }],
]);

function zipOf(assetFiles?: Map<string, AssetFile>): Record<string, Uint8Array> {
  const inspection = inspect({ conversation: richContentConversation() });
  return unzipSync(bytesOf(FORMAT_WRITERS.zip.pieces(inspection, { exportedAt: EXPORTED_AT, assetFiles })));
}

const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

describe('the ZIP of a conversation (export-format "ZIP")', () => {
  const inspection = inspect({ conversation: richContentConversation() });
  const document = exportFileNameOf(inspection, 'md', EXPORTED_AT);
  const folder = `${document.slice(0, -3)} files`;

  it('holds the Markdown, each image as its own file, and each canvas in its final form', () => {
    const entries = zipOf(files);
    expect(Object.keys(entries).sort()).toEqual(
      [
        document,
        `${folder}/${GENERATED_ID}.png`,
        `${folder}/tram-28.jpg`,
        `${folder}/Trip budget.py`,
        `${folder}/Packing list.md`,
      ].sort(),
    );
    expect(entries[`${folder}/${GENERATED_ID}.png`]).toEqual(GENERATED_BYTES);
    expect(entries[`${folder}/tram-28.jpg`]).toEqual(UPLOADED_BYTES);
    const [budget, packing] = readCanvases(inspection.conversation).documents;
    expect(text(entries[`${folder}/Trip budget.py`])).toBe(budget?.content);
    expect(text(entries[`${folder}/Packing list.md`])).toBe(packing?.content);
    const markdown = text(entries[document]);
    expect(markdown).toContain(`![Generated image 1 (1024×1024)](<${folder}/${GENERATED_ID}.png>)`);
    expect(markdown).toContain(`![Uploaded image 1 (1536×2048)](<${folder}/tram-28.jpg>)`);
    // A file the export has no bytes of is named, as in the Markdown alone.
    expect(markdown).toContain('_Uploaded file 1: itinerary.pdf, application/pdf, 240 KB_');
  });

  it('without image bytes holds exactly the Markdown export and the canvases', () => {
    const entries = zipOf();
    expect(Object.keys(entries)).toHaveLength(3);
    expect(text(entries[document])).toBe(exportMarkdown(inspection, { exportedAt: EXPORTED_AT }));
  });

  it('is written from a data export by inspect, with the export’s own image files', async () => {
    const result = await run(['export/conversations.json', '--format', 'zip', '--out', 'all.zip'], {
      'export/conversations.json': [richContentTree()],
      [`export/${GENERATED_ID}-poster.png`]: GENERATED_BYTES,
      'export/file-Up1Tram-tram-28.jpg': UPLOADED_BYTES,
    });
    expect(result.stderr).toContain('Wrote all.zip');
    const entries = unzipSync(result.writtenBytes.get('all.zip') as Uint8Array);
    const names = Object.keys(entries);
    const image = names.find((name) => name.endsWith(`${GENERATED_ID}-poster.png`));
    expect(image).toBeDefined();
    expect(entries[image as string]).toEqual(GENERATED_BYTES);
    expect(names.some((name) => name.endsWith('/file-Up1Tram-tram-28.jpg'))).toBe(true);
    const markdown = [...zipEntries(result.writtenBytes.get('all.zip') as Uint8Array)].find(([name]) =>
      name.endsWith('.md'),
    )?.[1];
    expect(markdown).toContain(`](<${image}>)`);
    expect(markdown).toContain('#### Trip budget');
  });

  it('is not printed: inspect asks for --out', async () => {
    const result = await run(['c.json', '--format', 'zip'], { 'c.json': {} });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('give --out <name>.zip');
  });

  it('keeps names that are not ASCII, flagged UTF-8, and gives a second conversation of the same name its own document and folder', () => {
    const conversation = richContentConversation();
    conversation.title = 'Café — 東京 plans';
    const zip = FORMAT_WRITERS.zip.many();
    const pieces = [
      ...zip.opening(),
      ...zip.conversation(inspect({ conversation }), { exportedAt: EXPORTED_AT }),
      ...zip.conversation(inspect({ conversation }), { exportedAt: EXPORTED_AT }),
      ...zip.closing(),
    ];
    const names = Object.keys(unzipSync(bytesOf(pieces)));
    const stem = exportFileNameOf(inspect({ conversation }), 'md', EXPORTED_AT).slice(0, -3);
    expect(stem).toContain('Café — 東京 plans');
    expect(names).toContain(`${stem}.md`);
    expect(names).toContain(`${stem} (2).md`);
    expect(names).toContain(`${stem} files/Trip budget.py`);
    expect(names).toContain(`${stem} (2) files/Trip budget.py`);
  });
});
