import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { conversationsExport } from '@/tests/replica/fixtures/formats';
import { storedConversations } from '@/tests/support/data-export-files';
import {
  EXPORTED_FIXTURES,
  exportedImages,
  oneFileExportZip,
  partsExportZip,
} from '@/tests/support/data-export-zips';
import { richContentTree } from '@/tests/unit/fixtures/rich-content';
import { zipOf } from '@/tests/unit/fixtures/zip-bytes';
import { run } from './run-in-memory';

const conversations = storedConversations(['webSearch', 'plain', 'longHistory', 'products']);
const listText = (from: number, to?: number): string =>
  JSON.stringify(conversationsExport(conversations.slice(from, to)));
const ALL = listText(0);

/** The titles a JSON export of every conversation holds, in order. */
async function titlesOf(argv: string[], files: Record<string, unknown>): Promise<string[]> {
  const result = await run([...argv, '--format', 'json'], files);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const documents = JSON.parse(result.stdout) as { conversation: { title: string } }[];
  return documents.map((document) => document.conversation.title);
}

describe('inspect reads the data export as ChatGPT sends it (export-format "Reading the data export")', () => {
  it('reads conversations.json from a ZIP archive as from the file itself', async () => {
    const expected = await titlesOf(['conversations.json'], { 'conversations.json': ALL });
    expect(expected).toHaveLength(conversations.length);
    const zip = zipOf({ 'conversations.json': ALL, 'chat.html': '<html></html>', 'user.json': '{}' });
    expect(await titlesOf(['export.zip'], { 'export.zip': zip })).toEqual(expected);
    // A ZIP archive is told by its bytes, whatever its name.
    expect(await titlesOf(['export.bin'], { 'export.bin': zip })).toEqual(expected);
  });

  it('reads the parts in the order of their numbers, from a ZIP archive, a folder inside it, or a folder', async () => {
    const expected = await titlesOf(['conversations.json'], { 'conversations.json': ALL });
    const parts = {
      'conversations-010.json': listText(3),
      'conversations-000.json': listText(0, 1),
      'conversations-002.json': listText(1, 3),
    };
    expect(await titlesOf(['export.zip'], { 'export.zip': zipOf(parts) })).toEqual(expected);
    const inFolder = Object.fromEntries(
      Object.entries(parts).map(([name, text]) => [`Export 2026/${name}`, text]),
    );
    expect(await titlesOf(['export.zip'], { 'export.zip': zipOf(inFolder) })).toEqual(expected);
    const onDisk = Object.fromEntries(
      Object.entries(parts).map(([name, text]) => [`unpacked/${name}`, text]),
    );
    expect(await titlesOf(['unpacked/'], onDisk)).toEqual(expected);
    expect(await titlesOf(['unpacked'], onDisk)).toEqual(expected);
  });

  it('writes the images inside the archive into --format zip, and names them in Markdown of the archive', async () => {
    const image = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const zip = zipOf({
      'export/conversations.json': JSON.stringify([richContentTree()]),
      'export/file_00000000a1b2c3d4-poster.png': image,
    });
    const result = await run(['export.zip', '--format', 'zip', '--out', 'all.zip'], { 'export.zip': zip });
    expect(result.stderr).toContain('Wrote all.zip');
    const entries = unzipSync(result.writtenBytes.get('all.zip') as Uint8Array);
    const written = Object.keys(entries).find((name) => name.endsWith('file_00000000a1b2c3d4-poster.png'));
    expect(entries[written as string]).toEqual(image);
    // No document links into an archive: the Markdown names the image by its line.
    const markdown = await run(['export.zip', '--format', 'md'], { 'export.zip': zip });
    expect(markdown.stdout).toContain('_Generated image 1: file_00000000a1b2c3d4');
  });

  it.each([
    ['one file', oneFileExportZip],
    ['parts, images named by id and by the names file', partsExportZip],
  ])(
    'writes every conversation and image of a data export in %s into --format zip',
    async (_layout, zipOf) => {
      const result = await run(['export.zip', '--format', 'zip', '--out', 'all.zip'], {
        'export.zip': zipOf(),
      });
      expect(result.code).toBe(0);
      const entries = unzipSync(result.writtenBytes.get('all.zip') as Uint8Array);
      expect(Object.keys(entries).filter((name) => name.endsWith('.md'))).toHaveLength(
        EXPORTED_FIXTURES.length,
      );
      const images = exportedImages();
      expect(images.length).toBeGreaterThan(0);
      // Each image's bytes differ (tests/replica/png.ts), so finding them finds that image's file.
      for (const image of images) expect(Object.values(entries)).toContainEqual(image.bytes);
    },
  );

  it('links the images of an unpacked folder from the Markdown', async () => {
    const result = await run(['export', '--format', 'md'], {
      'export/conversations.json': [richContentTree()],
      'export/file_00000000a1b2c3d4-9c1f.png': '',
    });
    expect(result.stdout).toContain('](<export/file_00000000a1b2c3d4-9c1f.png>)');
  });

  it('keeps the conversations before the cut of an archive cut off, with a typed error', async () => {
    const zip = zipOf({ 'conversations.json': ALL, 'file-x-photo.png': new Uint8Array(4096) }, true);
    const cut = zip.slice(0, Math.floor(ALL.length * 0.9));
    const result = await run(['export.zip', '--format', 'json', '--out', 'out.json'], { 'export.zip': cut });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('warning: The ZIP archive is cut off');
    expect(result.stderr).toMatch(
      /Cannot read export\.zip: The ZIP archive is cut off inside conversations\.json, after [\d,]+ of its [\d,]+ packed bytes\. The \d+ conversations? read before it (was|were) written to out\.json\./,
    );
    const kept = JSON.parse(result.written.get('out.json') as string) as unknown[];
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(conversations.length);
  });

  it('refuses a file named .zip that is none, and an archive that holds no conversations', async () => {
    const notZip = await run(['export.zip'], { 'export.zip': 'just some text' });
    expect(notZip.code).toBe(1);
    expect(notZip.stderr).toBe(
      'export.zip: Not a ZIP archive: a data export is a ZIP file as ChatGPT sent it, or the folder it unpacks to.\n',
    );
    const noConversations = await run(['photos.zip'], { 'photos.zip': zipOf({ 'a.png': 'x' }) });
    expect(noConversations.code).toBe(1);
    expect(noConversations.stderr).toMatch(/^photos\.zip: Not a ChatGPT data export/);
    const emptyFolder = await run(['stuff'], { 'stuff/notes.txt': 'x' });
    expect(emptyFolder.stderr).toMatch(/^stuff: Not a ChatGPT data export/);
  });
});
