import { describe, expect, it } from 'vitest';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { readZipDirectory } from '@/lib/model/zip-directory';
import { ZIP_READ_BYTES, ZipEntryError, zipEntryChunks } from '@/lib/model/zip-entry';
import { asZip64, memorySource, withZip64Entries, zipOf } from '@/tests/unit/fixtures/zip-bytes';

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

async function entryText(zip: Uint8Array, name: string): Promise<string> {
  const source = memorySource(zip);
  const directory = await readZipDirectory(source);
  if (!directory.ok) throw new Error(directory.error.message);
  const entry = directory.value.entries.find((each) => each.name === name);
  if (entry === undefined) throw new Error(`no ${name}`);
  const chunks: Uint8Array[] = [];
  for await (const chunk of zipEntryChunks(source, entry)) chunks.push(chunk);
  return text(joinedBytes(chunks));
}

/** Text that deflates well but is several read pieces long once packed too. */
function longText(bytes: number): string {
  let value = '';
  for (let index = 0; value.length < bytes; index += 1) value += `${index.toString(36)} ${Math.sin(index)}\n`;
  return value;
}

describe('readZipDirectory (export-format "Reading the data export")', () => {
  it('lists the entries with their sizes and methods', async () => {
    const zip = zipOf({ 'a.json': '[]', 'images/b.png': new Uint8Array([1, 2, 3]) }, true);
    const directory = await readZipDirectory(memorySource(zip));
    expect(directory.ok && directory.value.cutOff).toBe(false);
    expect(
      directory.ok &&
        directory.value.entries.map(({ name, method, uncompressedSize }) => ({
          name,
          method,
          uncompressedSize,
        })),
    ).toEqual([
      { name: 'a.json', method: 0, uncompressedSize: 2 },
      { name: 'images/b.png', method: 0, uncompressedSize: 3 },
    ]);
  });

  it('reads stored and deflated entries back', async () => {
    expect(await entryText(zipOf({ 'a.txt': 'stored text' }, true), 'a.txt')).toBe('stored text');
    expect(await entryText(zipOf({ 'a.txt': 'deflated '.repeat(50) }), 'a.txt')).toBe('deflated '.repeat(50));
  });

  it('reads a long entry in bounded pieces', async () => {
    const long = longText(5 * ZIP_READ_BYTES);
    const zip = zipOf({ 'big.txt': long }, true);
    const source = memorySource(zip);
    const directory = await readZipDirectory(source);
    const entry = directory.ok ? directory.value.entries[0] : undefined;
    let read = '';
    const decoder = new TextDecoder();
    for await (const chunk of zipEntryChunks(source, entry as NonNullable<typeof entry>))
      read += decoder.decode(chunk, { stream: true });
    expect(read).toBe(long);
    expect(source.largestRead).toBeLessThanOrEqual(ZIP_READ_BYTES);
  });

  it('finds the directory through the ZIP64 end record', async () => {
    const zip = asZip64(zipOf({ 'conversations.json': '[1]', 'x.png': 'x' }));
    expect(await entryText(zip, 'conversations.json')).toBe('[1]');
  });

  it('reads sizes and offsets from the ZIP64 extra field of each entry', async () => {
    const zip = asZip64(withZip64Entries(zipOf({ 'a.txt': 'first', 'conversations.json': '[2]' })));
    const directory = await readZipDirectory(memorySource(zip));
    expect(directory.ok && directory.value.entries.map((entry) => entry.uncompressedSize)).toEqual([5, 3]);
    expect(await entryText(zip, 'conversations.json')).toBe('[2]');
  });

  it('finds the end record behind a comment', async () => {
    const zip = zipOf({ 'a.txt': 'hello' });
    const withComment = new Uint8Array(zip.byteLength + 5);
    withComment.set(zip);
    withComment.set(new TextEncoder().encode('hello'), zip.byteLength);
    new DataView(withComment.buffer).setUint16(zip.byteLength - 2, 5, true);
    expect(await entryText(withComment, 'a.txt')).toBe('hello');
  });

  it('refuses a file that is no ZIP archive', async () => {
    const directory = await readZipDirectory(memorySource(new TextEncoder().encode('[{"mapping": {}}]')));
    expect(!directory.ok && directory.error.code).toBe('not-a-zip');
    const empty = await readZipDirectory(memorySource(new Uint8Array(0)));
    expect(!empty.ok && empty.error.code).toBe('not-a-zip');
  });

  it('reads a cut-off archive from its local headers, and its last entry up to the cut', async () => {
    const long = longText(3 * ZIP_READ_BYTES);
    const zip = zipOf({ 'first.txt': 'whole', 'second.txt': long }, true);
    const cut = memorySource(zip.slice(0, zip.byteLength - 200 - ZIP_READ_BYTES));
    const directory = await readZipDirectory(cut);
    if (!directory.ok) throw new Error(directory.error.message);
    expect(directory.value.cutOff).toBe(true);
    expect(directory.warnings[0]).toMatch(/cut off/);
    expect(directory.value.entries.map((entry) => entry.name)).toEqual(['first.txt', 'second.txt']);
    const second = directory.value.entries[1] as NonNullable<(typeof directory.value.entries)[1]>;
    let bytes = 0;
    const failure = await (async () => {
      try {
        for await (const chunk of zipEntryChunks(cut, second)) bytes += chunk.byteLength;
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(failure).toBeInstanceOf(ZipEntryError);
    expect((failure as ZipEntryError).error.code).toBe('cut-off');
    expect(bytes).toBeGreaterThan(ZIP_READ_BYTES);
  });

  it('refuses an encrypted entry and an unknown method when opened, typed', async () => {
    const source = memorySource(zipOf({ 'a.txt': 'x' }, true));
    const directory = await readZipDirectory(source);
    const entry = directory.ok ? directory.value.entries[0] : undefined;
    if (entry === undefined) throw new Error('no entry');
    for (const odd of [
      { ...entry, encrypted: true },
      { ...entry, method: 12 },
    ]) {
      const iterator = zipEntryChunks(source, odd);
      await expect(iterator.next()).rejects.toMatchObject({ error: { code: 'unsupported-zip' } });
    }
  });
});
