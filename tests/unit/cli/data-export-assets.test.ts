import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataExportAssetPaths } from '@/lens/cli/data-export-assets';
import { richContentTree } from '@/tests/unit/fixtures/rich-content';
import { run } from './run-in-memory';

const FILES = [
  'conversations.json',
  'file-Up1Tram-tram-28.jpg',
  'file_00000000a1b2c3d4-9c1f.png',
  'file-Up1-other.jpg',
  '7f3a.dat',
  'conversation_asset_file_names.json',
];

describe('dataExportAssetPaths (site-interface 10.8)', () => {
  it('finds a file named by its id, whichever pointer names it', () => {
    const resolve = dataExportAssetPaths(FILES, null, '');
    expect(resolve('file-service://file-Up1Tram')).toBe('file-Up1Tram-tram-28.jpg');
    expect(resolve('sediment://file_00000000a1b2c3d4')).toBe('file_00000000a1b2c3d4-9c1f.png');
    expect(resolve('file-Up1')).toBe('file-Up1-other.jpg');
    expect(resolve('sediment://file_missing')).toBeNull();
  });

  it('finds a .dat file the names file lists, and puts the way to the folder before it', () => {
    const resolve = dataExportAssetPaths(FILES, { '7f3a.dat': 'file-Doc2Plan-itinerary.pdf' }, '../export');
    expect(resolve('file-Doc2Plan')).toBe('../export/7f3a.dat');
    expect(
      dataExportAssetPaths(FILES, [{ file: '7f3a.dat', id: 'file-Doc2Plan' }], '')('file-Doc2Plan'),
    ).toBe('7f3a.dat');
  });

  it('never throws on a names file of any shape', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (namesFile, pointer) => {
        const path = dataExportAssetPaths(FILES, namesFile, '')(pointer);
        expect(path === null || FILES.includes(path)).toBe(true);
      }),
    );
  });

  it('shows the images of a data export in the Markdown inspect writes', async () => {
    const files = {
      'export/conversations.json': [richContentTree()],
      'export/file_00000000a1b2c3d4-9c1f.png': '',
      'export/file-Up1Tram-tram-28.jpg': '',
    };
    const printed = await run(['export/conversations.json', '--format', 'md'], files);
    expect(printed.stdout).toContain(
      '![Generated image 1 (1024×1024)](<export/file_00000000a1b2c3d4-9c1f.png>)',
    );
    expect(printed.stdout).toContain('![Uploaded image 1 (1536×2048)](<export/file-Up1Tram-tram-28.jpg>)');
    expect(printed.stdout).toContain('_Uploaded file 1: itinerary.pdf, application/pdf, 240 KB_');
    const written = await run(
      ['export/conversations.json', '--format', 'md', '--out', 'export/notes.md'],
      files,
    );
    expect(written.written.get('export/notes.md')).toContain('](<file_00000000a1b2c3d4-9c1f.png>)');
    // One note per conversation in a vault folder: its images copied beside it, as in a ZIP.
    const vault = await run(
      ['export/conversations.json', '--format', 'md', '--out-dir', 'vault/notes'],
      files,
    );
    const notes = [...vault.written].filter(([name]) => /^vault\/notes\/\d{4}\/\d\d\/[^/]+\.md$/.test(name));
    expect(notes).toHaveLength(1);
    const [[noteName, note] = ['', '']] = notes;
    const folder = `${noteName.slice(noteName.lastIndexOf('/') + 1, -'.md'.length)} files`;
    expect(note).toContain(`](<${folder}/file_00000000a1b2c3d4-9c1f.png>)`);
    expect(
      vault.written.has(`${noteName.slice(0, -'.md'.length)} files/file_00000000a1b2c3d4-9c1f.png`),
    ).toBe(true);
  });
});
