/** How many bytes of text go into one chunk: the text of a long export comes in a few such chunks. */
export const UTF8_CHUNK_BYTES = 1024 * 1024;

/**
 * An export's pieces as UTF-8 bytes, in order: text encoded into chunks of `chunkBytes` as each piece is
 * written, anything else (the ZIP's bytes, a Blob of a body written before) passed on as it is. Each string is dropped once encoded, so the writer's
 * strings never pile up until the end, and the bytes live outside the script's heap: the worker's export
 * Blob is made of these chunks rather than of the strings (lens/runtime/worker/export-port-server.ts).
 */
export function* utf8Chunks<Bytes extends Uint8Array | Blob = Uint8Array>(
  pieces: Iterable<string | NoInfer<Bytes>>,
  chunkBytes: number = UTF8_CHUNK_BYTES,
): Generator<Uint8Array | Bytes> {
  const encoder = new TextEncoder();
  let chunk = new Uint8Array(chunkBytes);
  let used = 0;
  /** The chunk so far, and a fresh one of at least `bytes` to go on in. */
  function* handedOn(bytes: number): Generator<Uint8Array | Bytes> {
    if (used > 0) yield chunk.subarray(0, used);
    chunk = new Uint8Array(Math.max(chunkBytes, bytes));
    used = 0;
  }
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      if (used > 0) yield* handedOn(0);
      yield piece;
      continue;
    }
    let rest = piece;
    for (;;) {
      // encodeInto stops before a character that does not fit whole, a surrogate pair included.
      const { read, written } = encoder.encodeInto(rest, chunk.subarray(used));
      used += written;
      if (read === rest.length) break;
      rest = rest.slice(read);
      // A UTF-16 unit is at most 3 bytes of UTF-8: the rest of the piece fits the next chunk whole.
      yield* handedOn(rest.length * 3);
    }
  }
  if (used > 0) yield chunk.subarray(0, used);
}
