import type { TreeSink } from './tree-sink';
import { zipTreeSink } from './tree-sink';

/** Where a part's bytes go: opened when the part starts, closed once its central directory is written. */
export interface PartOutput {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/**
 * A ZIP in parts of about `partSize` bytes (export-format "ZIP of many conversations"): each part a whole
 * archive, a new one begun at a conversation once the current part holds `partSize` bytes, so a
 * conversation never straddles two. Names stay unique across parts: unzipped into one folder, the parts
 * make the tree one archive would hold.
 */
export function partedZipSink(
  modified: Date,
  partSize: number,
  openPart: (number: number) => PartOutput,
): TreeSink {
  let number = 0;
  let written = 0;
  let part: TreeSink | null = null;
  const current = (): TreeSink => {
    if (part !== null) return part;
    number += 1;
    written = 0;
    const output = openPart(number);
    part = zipTreeSink(
      modified,
      async (chunk) => {
        written += chunk.length;
        await output.write(chunk);
      },
      () => output.close(),
    );
    return part;
  };
  return {
    file: (file) => current().file(file),
    async conversationStarts() {
      if (part === null || written < partSize) return;
      await part.close();
      part = null;
    },
    close: () => current().close(),
  };
}
