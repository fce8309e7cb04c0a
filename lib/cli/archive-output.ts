import type { AssetFiles } from '@/lib/export/asset-files';
import { type TreeSink, zipTreeSink } from '@/lib/export/tree-sink';
import type { Inspection } from '@/lib/insights/inspection';
import { type ArchiveOptions, conversationsArchive } from '@/lib/library/conversations-archive';
import type { CliIo } from './cli-io';
import { folderTreeSink, madeFolder } from './folder-output';
import { outputTarget } from './output-target';
import type { RunOutput } from './run-output';

/** Where the conversations go: one ZIP (`--zip`), or a folder (`--out-dir`), in the same layout. */
export type ArchivePlace = { zip: string } | { folder: string };

export interface ArchiveOutputOptions extends ArchiveOptions {
  /** The bytes of a conversation's images and files, read before it is written (data-export-assets.ts). */
  assetFiles?: (inspection: Inspection) => Promise<AssetFiles>;
}

/**
 * Every conversation read, in the layout of many (export-format "ZIP of many conversations"): a document
 * per conversation under its month, an index, the library's tables and a report, written as each is read.
 */
export function archiveOutput(
  io: Pick<CliIo, 'stdout' | 'createFile' | 'makeDirectory'>,
  place: ArchivePlace,
  options: ArchiveOutputOptions,
): RunOutput {
  let sink: TreeSink;
  if ('zip' in place) {
    const target = outputTarget(io, place.zip);
    sink = zipTreeSink(options.write.exportedAt, target.write, target.close);
  } else sink = folderTreeSink(io, place.folder);
  const archive = conversationsArchive(sink, options);
  return {
    name: 'zip' in place ? place.zip : place.folder,
    begin: async () => {
      if ('folder' in place) await madeFolder(io, place.folder);
    },
    conversation: async (inspection) =>
      archive.conversation(inspection, await options.assetFiles?.(inspection)),
    unreadable: (warning) => archive.unreadable(warning),
    end: () => archive.finish(),
  };
}
