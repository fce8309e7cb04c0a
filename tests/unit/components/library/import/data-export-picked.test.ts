import { describe, expect, it } from 'vitest';
import { dataExportSummary, importProgressText } from '@/components/library/import/data-export-summary';
import { pickedDataExport } from '@/components/library/import/picked-data-export';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { zipOf } from '@/tests/unit/fixtures/zip-bytes';

/** A file as a folder picker gives it: its path from the picked folder's own name. */
function inFolder(path: string, text: string): File {
  const file = new File([text], path.slice(path.lastIndexOf('/') + 1));
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

async function textOf(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return new TextDecoder().decode(joinedBytes(parts));
}

describe('a data export picked on the library page (export-format "Reading the data export")', () => {
  it('reads a picked ZIP file in place', async () => {
    const zip = zipOf({ 'conversations.json': '[]', 'file-a-b.png': 'png' });
    const source = await pickedDataExport([new File([new Uint8Array(zip)], 'export.zip')]);
    if (!source.ok) throw new Error(source.error.message);
    expect(source.value.layout).toEqual({
      folder: '',
      parts: ['conversations.json'],
      files: ['file-a-b.png'],
    });
    expect(await textOf(source.value.read('conversations.json'))).toBe('[]');
  });

  it('reads the files of a picked folder by their names inside it, the parts in order', async () => {
    const source = await pickedDataExport([
      inFolder('Export/conversations-001.json', '[2]'),
      inFolder('Export/conversations-000.json', '[1]'),
      inFolder('Export/file-a-b.png', 'png'),
    ]);
    if (!source.ok) throw new Error(source.error.message);
    expect(source.value.layout.parts).toEqual(['conversations-000.json', 'conversations-001.json']);
    expect(source.value.partsBytes).toBe(6);
    expect(await textOf(source.value.read('conversations-001.json'))).toBe('[2]');
  });

  it('refuses a file that is no ZIP archive, and a folder without conversations, typed', async () => {
    const notZip = await pickedDataExport([new File(['hello'], 'photo.png')]);
    expect(!notZip.ok && notZip.error.code).toBe('not-a-zip');
    const noExport = await pickedDataExport([inFolder('Photos/a.png', 'png')]);
    expect(!noExport.ok && noExport.error.message).toMatch(/^Not a ChatGPT data export/);
  });
});

describe('what the page says of a data export import', () => {
  const outcome = {
    added: 12,
    updated: 3,
    reread: 0,
    unchanged: 40,
    skipped: 1,
    stopped: null,
    cancelled: false,
    account: null,
  };

  it('counts what was added, updated, already kept and skipped', () => {
    expect(dataExportSummary(outcome)).toBe(
      'Added 12 conversations, updated 3, 40 already in the library, 1 skipped as unreadable.',
    );
    expect(dataExportSummary({ ...outcome, added: 0, updated: 0, unchanged: 5, skipped: 0 })).toBe(
      'Added 0 conversations, 5 already in the library.',
    );
    expect(dataExportSummary({ ...outcome, added: 0, updated: 0, reread: 8, unchanged: 0, skipped: 0 })).toBe(
      'Added 0 conversations, read again 8 kept by an earlier version.',
    );
  });

  it('adds what its ads said of the account, when it said anything', () => {
    expect(
      dataExportSummary({
        ...outcome,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        account: { interests: 3, ads: 1 },
      }),
    ).toBe("Added 12 conversations. Kept 3 interests ChatGPT's ads inferred and 1 ad of no conversation.");
  });

  it('says when it was cancelled or stopped, and that what was read is kept', () => {
    expect(dataExportSummary({ ...outcome, cancelled: true })).toBe(
      'Cancelled: added 12 conversations, updated 3, 40 already in the library, 1 skipped as unreadable before it stopped.',
    );
    const stopped = { code: 'cut-off' as const, message: 'The ZIP archive is cut off.' };
    expect(dataExportSummary({ ...outcome, updated: 0, unchanged: 0, skipped: 0, stopped })).toBe(
      'The ZIP archive is cut off. Added 12 conversations. What was read before it is kept.',
    );
    expect(dataExportSummary({ ...outcome, added: 0, updated: 0, unchanged: 0, skipped: 0, stopped })).toBe(
      'The ZIP archive is cut off. Nothing was imported.',
    );
  });

  it('shows progress as conversations and megabytes read', () => {
    expect(importProgressText({ conversations: 1200, bytesRead: 45_200_000, totalBytes: 300_000_000 })).toBe(
      '1,200 conversations read, 45.2 of 300.0 MB',
    );
  });
});
