import { Inflate } from 'fflate';
import type { LensError } from './result';
import { LOCAL_HEADER, LOCAL_HEADER_BYTES, type RandomAccessBytes, type ZipEntry } from './zip-directory';

/** How much of the archive is read at a time: memory holds this and what it inflates to, never more. */
export const ZIP_READ_BYTES = 1024 * 1024;

const STORED = 0;
const DEFLATE = 8;

/**
 * Why an entry's bytes stopped: a typed error (lib/model/result.ts) carried through the chunks a reader
 * iterates, which is how a stream reports a failure after the chunks it did hand on.
 */
export class ZipEntryError extends Error {
  readonly error: LensError;

  constructor(error: LensError) {
    super(error.message);
    this.name = 'ZipEntryError';
    this.error = error;
  }
}

/** The entry can be read by this reader, or why not. */
function entryProblem(entry: ZipEntry): LensError | null {
  if (entry.encrypted)
    return {
      code: 'unsupported-zip',
      message: `${entry.name} is encrypted in the ZIP archive: it cannot be read.`,
    };
  if (entry.method !== STORED && entry.method !== DEFLATE)
    return {
      code: 'unsupported-zip',
      message: `${entry.name} is packed by ZIP method ${entry.method}: only stored and deflated files are read.`,
    };
  return null;
}

const cutOff = (entry: ZipEntry, read: number): ZipEntryError =>
  new ZipEntryError({
    code: 'cut-off',
    message: `The ZIP archive is cut off inside ${entry.name}, after ${read.toLocaleString('en-US')} of its ${entry.compressedSize.toLocaleString('en-US')} packed bytes.`,
  });

/** Where the entry's data starts: after its local header, whose name and extra field may differ in length. */
async function dataStart(source: RandomAccessBytes, entry: ZipEntry): Promise<number> {
  const header = await source.read(entry.localHeaderOffset, LOCAL_HEADER_BYTES);
  const data = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (header.byteLength < LOCAL_HEADER_BYTES) throw cutOff(entry, 0);
  if (data.getUint32(0, true) !== LOCAL_HEADER)
    throw new ZipEntryError({
      code: 'not-a-zip',
      message: `The ZIP archive is damaged: ${entry.name} is not where its list of files says.`,
    });
  return entry.localHeaderOffset + LOCAL_HEADER_BYTES + data.getUint16(26, true) + data.getUint16(28, true);
}

/** The entry's packed bytes, a bounded piece at a time; past the archive's end, a cut-off error. */
async function* packedChunks(source: RandomAccessBytes, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  const start = await dataStart(source, entry);
  let read = 0;
  while (read < entry.compressedSize) {
    const length = Math.min(ZIP_READ_BYTES, entry.compressedSize - read);
    const chunk = await source.read(start + read, length);
    if (chunk.byteLength > 0) yield chunk;
    read += chunk.byteLength;
    if (chunk.byteLength < length) throw cutOff(entry, read);
  }
}

async function* inflated(packed: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => {
    out.push(chunk);
  });
  for await (const chunk of packed) {
    inflate.push(chunk);
    yield* out.splice(0);
  }
  inflate.push(new Uint8Array(0), true);
  yield* out.splice(0);
}

/**
 * An entry's bytes as it was before packing, chunk by chunk: stored bytes as they are, deflated ones through
 * fflate's streaming inflate. A failure after some chunks (the archive stops, the data is damaged) is a
 * ZipEntryError thrown from the iteration, after every chunk read before it.
 */
export async function* zipEntryChunks(
  source: RandomAccessBytes,
  entry: ZipEntry,
): AsyncGenerator<Uint8Array> {
  const problem = entryProblem(entry);
  if (problem !== null) throw new ZipEntryError(problem);
  const packed = packedChunks(source, entry);
  if (entry.method === STORED) return yield* packed;
  try {
    yield* inflated(packed);
  } catch (error) {
    if (error instanceof ZipEntryError) throw error;
    throw new ZipEntryError({
      code: 'unsupported-zip',
      message: `${entry.name} in the ZIP archive is damaged: its deflated data cannot be read.`,
    });
  }
}
