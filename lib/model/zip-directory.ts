import { fail, ok, type Result } from './result';

/**
 * A file read at any place (a browser `File` through `slice`, a Node file handle): a ZIP archive is read
 * from its end, then one entry at a time, so the archive is never in memory whole.
 * See export-format "Reading the data export".
 */
export interface RandomAccessBytes {
  size: number;
  /** The bytes from `offset`, at most `length` of them (fewer only at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** One file of a ZIP archive, as its central directory (or, in a cut-off archive, its local header) says. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; any other is refused when the entry is opened. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** The archive stops early: the entries are those whose local headers were found before its end. */
  cutOff: boolean;
}

const END_RECORD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_RECORD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
export const LOCAL_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
const ZIP64_LOCATOR_BYTES = 20;
const CENTRAL_HEADER_BYTES = 46;
export const LOCAL_HEADER_BYTES = 30;
/** The end record's comment is at most this long, so the record lies within the file's last 64 KB. */
const MAX_COMMENT_BYTES = 0xffff;
/** A size or offset too big for 32 bits is this, and the ZIP64 extra field holds it. */
const IN_ZIP64 = 0xffffffff;
const ZIP64_EXTRA = 0x0001;
const ENCRYPTED_FLAG = 0x0001;
/** The entry's sizes follow its data (a data descriptor), not its local header. */
const SIZES_AFTER_DATA_FLAG = 0x0008;

const NOT_A_ZIP =
  'Not a ZIP archive: a data export is a ZIP file as ChatGPT sent it, or the folder it unpacks to.';
const cutOffMessage = (size: number): string =>
  `The ZIP archive is cut off: it stops after ${size.toLocaleString('en-US')} bytes, before its list of files.`;

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const u64 = (data: DataView, at: number): number => Number(data.getBigUint64(at, true));
const nameText = new TextDecoder();

/** Where the central directory lies and how many entries it lists. */
interface DirectoryPlace {
  offset: number;
  size: number;
  count: number;
}

/** The ZIP64 end record a locator points to, which holds what the classic end record cannot. */
async function zip64Place(source: RandomAccessBytes, locatorAt: number): Promise<DirectoryPlace | null> {
  if (locatorAt < 0) return null;
  const locator = view(await source.read(locatorAt, ZIP64_LOCATOR_BYTES));
  if (locator.byteLength < ZIP64_LOCATOR_BYTES || locator.getUint32(0, true) !== ZIP64_LOCATOR) return null;
  const recordAt = u64(locator, 8);
  const record = view(await source.read(recordAt, 56));
  if (record.byteLength < 56 || record.getUint32(0, true) !== ZIP64_END_RECORD) return null;
  return { count: u64(record, 32), size: u64(record, 40), offset: u64(record, 48) };
}

/** The end record, found from the file's end (a comment may follow it). */
async function directoryPlace(source: RandomAccessBytes): Promise<DirectoryPlace | null> {
  const tailLength = Math.min(source.size, END_RECORD_BYTES + MAX_COMMENT_BYTES);
  const tailStart = source.size - tailLength;
  const tail = await source.read(tailStart, tailLength);
  const data = view(tail);
  for (let at = tail.byteLength - END_RECORD_BYTES; at >= 0; at -= 1) {
    if (data.getUint32(at, true) !== END_RECORD) continue;
    const place = {
      count: data.getUint16(at + 10, true),
      size: data.getUint32(at + 12, true),
      offset: data.getUint32(at + 16, true),
    };
    const wide = await zip64Place(source, tailStart + at - ZIP64_LOCATOR_BYTES);
    return wide ?? place;
  }
  return null;
}

/** The sizes and offset a ZIP64 extra field holds, for each header value that says it is there. */
function withZip64Extra(entry: ZipEntry, extra: DataView): ZipEntry {
  for (let at = 0; at + 4 <= extra.byteLength; ) {
    const id = extra.getUint16(at, true);
    const length = extra.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number | null => {
        if (field + 8 > at + 4 + length || field + 8 > extra.byteLength) return null;
        const value = u64(extra, field);
        field += 8;
        return value;
      };
      const wide = { ...entry };
      if (entry.uncompressedSize === IN_ZIP64) wide.uncompressedSize = next() ?? entry.uncompressedSize;
      if (entry.compressedSize === IN_ZIP64) wide.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === IN_ZIP64) wide.localHeaderOffset = next() ?? entry.localHeaderOffset;
      return wide;
    }
    at += 4 + length;
  }
  return entry;
}

function centralEntries(directory: Uint8Array, count: number): ZipEntry[] | null {
  const data = view(directory);
  const entries: ZipEntry[] = [];
  let at = 0;
  while (entries.length < count && at + CENTRAL_HEADER_BYTES <= directory.byteLength) {
    if (data.getUint32(at, true) !== CENTRAL_HEADER) return null;
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const nameAt = at + CENTRAL_HEADER_BYTES;
    const entry: ZipEntry = {
      name: nameText.decode(directory.subarray(nameAt, nameAt + nameLength)),
      method: data.getUint16(at + 10, true),
      encrypted: (data.getUint16(at + 8, true) & ENCRYPTED_FLAG) !== 0,
      compressedSize: data.getUint32(at + 20, true),
      uncompressedSize: data.getUint32(at + 24, true),
      localHeaderOffset: data.getUint32(at + 42, true),
    };
    const extra = directory.subarray(nameAt + nameLength, nameAt + nameLength + extraLength);
    entries.push(withZip64Extra(entry, view(extra)));
    at = nameAt + nameLength + extraLength + commentLength;
  }
  return entries.length === count ? entries : null;
}

/**
 * The entries of an archive whose end is missing, walked from its start through their local headers: what
 * lies before the cut is still read (architecture "Tolerant reader"). The walk stops at an entry whose sizes
 * follow its data, since where its data ends is not known without reading it.
 */
async function localEntries(source: RandomAccessBytes): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + LOCAL_HEADER_BYTES <= source.size) {
    const header = await source.read(at, LOCAL_HEADER_BYTES);
    const data = view(header);
    if (header.byteLength < LOCAL_HEADER_BYTES || data.getUint32(0, true) !== LOCAL_HEADER) break;
    const flags = data.getUint16(6, true);
    const nameLength = data.getUint16(26, true);
    const extraLength = data.getUint16(28, true);
    const rest = await source.read(at + LOCAL_HEADER_BYTES, nameLength + extraLength);
    if (rest.byteLength < nameLength) break;
    const entry = withZip64Extra(
      {
        name: nameText.decode(rest.subarray(0, nameLength)),
        method: data.getUint16(8, true),
        encrypted: (flags & ENCRYPTED_FLAG) !== 0,
        compressedSize: data.getUint32(18, true),
        uncompressedSize: data.getUint32(22, true),
        localHeaderOffset: at,
      },
      view(rest.subarray(nameLength)),
    );
    if ((flags & SIZES_AFTER_DATA_FLAG) !== 0 && entry.compressedSize === 0) break;
    entries.push(entry);
    at += LOCAL_HEADER_BYTES + nameLength + extraLength + entry.compressedSize;
  }
  return entries;
}

async function startsWithLocalHeader(source: RandomAccessBytes): Promise<boolean> {
  const first = await source.read(0, 4);
  return first.byteLength === 4 && view(first).getUint32(0, true) === LOCAL_HEADER;
}

/**
 * The entries of a ZIP archive (PKWARE APPNOTE: the end record, ZIP64 when the archive passes 4 GB, then the
 * central directory), reading only the archive's end and its directory. An archive cut off before its end is
 * read from its local headers, marked `cutOff`; a file that is no ZIP archive is a typed error.
 */
export async function readZipDirectory(source: RandomAccessBytes): Promise<Result<ZipDirectory>> {
  const place = source.size >= END_RECORD_BYTES ? await directoryPlace(source) : null;
  if (place !== null && place.offset + place.size <= source.size) {
    const entries = centralEntries(await source.read(place.offset, place.size), place.count);
    if (entries !== null) return ok({ entries, cutOff: false });
  }
  if (!(await startsWithLocalHeader(source))) return fail('not-a-zip', NOT_A_ZIP);
  const entries = await localEntries(source);
  return ok({ entries, cutOff: true }, [cutOffMessage(source.size)]);
}
