/** The bytes JSON allows before a value (RFC 8259: space, tab, line feed, carriage return). */
const JSON_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
/** A UTF-8 byte order mark, which some editors put first; a TextDecoder drops it. */
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

export interface PeekedChunks {
  /** The first byte of the JSON text, or null for a file of whitespace alone. */
  firstByte: number | null;
  /** Every chunk again, from the first, for a reader that goes on with the stream. */
  chunks: AsyncIterable<Uint8Array>;
  /** Stops the stream, for a caller that reads no further. */
  release(): Promise<void>;
}

/**
 * The first byte of a file's JSON text, read from its first chunks only: what kind of file it is shows there
 * (`[` starts a data export's list), so the kind is known without reading the file.
 */
export async function peekFirstByte(source: AsyncIterable<Uint8Array>): Promise<PeekedChunks> {
  const iterator = source[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let offset = 0;
  let firstByte: number | null = null;
  while (firstByte === null) {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
    for (const byte of next.value) {
      const isMark = offset < BYTE_ORDER_MARK.length && byte === BYTE_ORDER_MARK[offset];
      offset += 1;
      if (isMark || JSON_WHITESPACE.has(byte)) continue;
      firstByte = byte;
      break;
    }
  }
  const release = async (): Promise<void> => {
    await iterator.return?.();
  };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      yield* seen.splice(0);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early (the file stopped being JSON) closes the file too.
      await release();
    }
  }
  return { firstByte, chunks: chunks(), release };
}
