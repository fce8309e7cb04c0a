import { zipStream } from './zip-stream';

/** A file of an archive or a folder: its path inside it, its content, and whether it is deflated in a ZIP. */
export interface TreeFile {
  path: string;
  content: Iterable<string | Uint8Array>;
  /** Text is deflated; images and other compressed data are stored as they are (export-format "ZIP"). */
  compress: boolean;
}

/**
 * Where files of many conversations go, one at a time (export-format "ZIP of many conversations"): a ZIP
 * written as it goes, or a folder. Each write resolves once the file is handed on.
 */
export interface TreeSink {
  file(file: TreeFile): Promise<void>;
  /** Before a conversation's first file: a ZIP in parts may begin its next part there. */
  conversationStarts?(): Promise<void>;
  /** After the last file: a ZIP gets its central directory. */
  close(): Promise<void>;
}

/** A ZIP as a tree: each file's bytes go to `write` as soon as the file is added (export-format "ZIP"). */
export function zipTreeSink(
  modified: Date,
  write: (chunk: Uint8Array) => Promise<void>,
  close: () => Promise<void>,
): TreeSink {
  const zip = zipStream(modified);
  const written = async (chunks: readonly Uint8Array[]): Promise<void> => {
    for (const chunk of chunks) await write(chunk);
  };
  return {
    file: (file) => written(zip.file(file.path, file.content, file.compress)),
    close: async () => {
      await written(zip.finish());
      await close();
    },
  };
}
