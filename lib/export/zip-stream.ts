import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as it goes (export-format "ZIP"): each file added gives back the bytes of the archive made
 * so far, so a caller can pass them on and hold no whole archive. fflate's deflate is synchronous, so every
 * byte of a file is out by the time `file` returns. Names that are not ASCII are flagged UTF-8 by fflate.
 */
export interface ZipStream {
  /** `compress`: text is deflated; images and other compressed data are stored as they are. */
  file(path: string, content: Iterable<string | Uint8Array>, compress: boolean): Uint8Array[];
  /** The central directory; nothing may be added after it. */
  finish(): Uint8Array[];
}

/** A deflate level that is fast and still shrinks text about fourfold. */
const LEVEL = 6;

export function zipStream(modified: Date): ZipStream {
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const taken = (): Uint8Array[] => {
    if (failure !== null) throw failure;
    const chunks = out;
    out = [];
    return chunks;
  };
  const encoder = new TextEncoder();
  return {
    file(path, content, compress) {
      const entry = compress ? new ZipDeflate(path, { level: LEVEL }) : new ZipPassThrough(path);
      entry.mtime = modified;
      zip.add(entry);
      for (const piece of content) {
        const bytes = typeof piece === 'string' ? encoder.encode(piece) : piece;
        if (bytes.length > 0) entry.push(bytes);
      }
      entry.push(new Uint8Array(0), true);
      return taken();
    },
    finish() {
      zip.end();
      return taken();
    },
  };
}
