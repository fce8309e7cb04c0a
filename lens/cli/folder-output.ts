import type { TreeSink } from '@/lib/export/tree-sink';
import type { CliIo } from './cli-io';
import { OutputWriteError, outputTarget } from './output-target';

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Makes a folder with its parents, or fails naming it. */
export async function madeFolder(io: Pick<CliIo, 'makeDirectory'>, folder: string): Promise<void> {
  try {
    await io.makeDirectory(folder);
  } catch (error) {
    throw new OutputWriteError(`Cannot write ${folder}: ${reason(error)}`);
  }
}

/**
 * The folder of `--out-dir` as a tree (export-format "ZIP of many conversations"): each file written as soon
 * as it is given, its folder (a month's) made the first time it is needed. Names were made unique before, so
 * no file is written over.
 */
export function folderTreeSink(
  io: Pick<CliIo, 'createFile' | 'makeDirectory' | 'stdout'>,
  folder: string,
): TreeSink {
  const root = folder.replace(/\/+$/, '');
  const made = new Set<string>([root]);
  return {
    async file(file) {
      const path = `${root}/${file.path}`;
      const parent = path.slice(0, path.lastIndexOf('/'));
      if (!made.has(parent)) {
        await madeFolder(io, parent);
        made.add(parent);
      }
      const target = outputTarget(io, path);
      for (const piece of file.content) await target.write(piece);
      await target.close();
    },
    close: async () => {},
  };
}
