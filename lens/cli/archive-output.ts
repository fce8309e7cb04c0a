import type { Inspection } from '@/lens/insights/inspection';
import { type ArchiveOptions, conversationsArchive } from '@/lens/library/conversations-archive';
import type { AssetFiles } from '@/lib/export/asset-files';
import { partedZipSink } from '@/lib/export/parted-zip-sink';
import { type TreeSink, zipTreeSink } from '@/lib/export/tree-sink';
import type { CliIo } from './cli-io';
import { folderTreeSink, madeFolder } from './folder-output';
import { outputTarget } from './output-target';
import { partFileName } from './part-size';
import type { RunOutput } from './run-output';

/**
 * Where the conversations go: one ZIP (`--zip`), in parts when `partSize` is set (`--zip-part-size`), or a
 * folder (`--out-dir`), in the same layout.
 */
export type ArchivePlace = { zip: string; partSize: number | null } | { folder: string };

export interface ArchiveOutputOptions extends ArchiveOptions {
  /** The bytes of a conversation's images and files, read before it is written (data-export-assets.ts). */
  assetFiles?: (inspection: Inspection) => Promise<AssetFiles>;
}

/** Where the files go: a folder, one ZIP, or a ZIP in parts, each part a file of its own. */
function treeSink(
  io: Pick<CliIo, 'stdout' | 'createFile' | 'makeDirectory'>,
  place: ArchivePlace,
  modified: Date,
): TreeSink {
  if ('folder' in place) return folderTreeSink(io, place.folder);
  if (place.partSize !== null)
    return partedZipSink(modified, place.partSize, (number) =>
      outputTarget(io, partFileName(place.zip, number)),
    );
  const target = outputTarget(io, place.zip);
  return zipTreeSink(modified, target.write, target.close);
}

/** The place, for messages: `all.part*.zip` for every part. */
const placeName = (place: ArchivePlace): string => {
  if ('folder' in place) return place.folder;
  return place.partSize === null ? place.zip : partFileName(place.zip, '*');
};

/**
 * Every conversation read, in the layout of many (export-format "ZIP of many conversations"): a document
 * per conversation under its month, an index, the library's tables and a report, written as each is read.
 */
export function archiveOutput(
  io: Pick<CliIo, 'stdout' | 'createFile' | 'makeDirectory'>,
  place: ArchivePlace,
  options: ArchiveOutputOptions,
): RunOutput {
  const archive = conversationsArchive(treeSink(io, place, options.write.exportedAt), options);
  return {
    name: placeName(place),
    begin: async () => {
      if ('folder' in place) await madeFolder(io, place.folder);
    },
    conversation: async (inspection) =>
      archive.conversation(inspection, await options.assetFiles?.(inspection)),
    unreadable: (warning) => archive.unreadable(warning),
    end: () => archive.finish(),
  };
}
