import type { Inspection } from '@/lens/insights/inspection';
import { type AssetFiles, assetFileId, assetFileName, conversationAssets } from '@/lib/export/asset-files';
import { canvasFileName } from '@/lib/export/canvas-file-name';
import { exportFileName } from '@/lib/export/file-name';
import type { TreeFile } from '@/lib/export/tree-sink';
import { uniqueNames } from '@/lib/export/unique-names';
import { zipStream } from '@/lib/export/zip-stream';
import { readCanvases } from '@/lib/insights/canvas';
import { type MarkdownExportOptions, markdownPieces } from './markdown-export';

/**
 * A conversation as a ZIP (export-format "ZIP"): its Markdown at the top, and beside it a folder of the
 * same name holding each image and file the export has bytes of, and each canvas in its final form as a
 * file of its language. The Markdown shows the images from that folder; an image without bytes is named
 * by a line, as in the Markdown alone. Several conversations (`inspect` of a data export) each get their
 * own document and folder in one archive.
 */
export interface ZipExportOptions extends MarkdownExportOptions {
  /** The bytes of the conversation's images and files, by file id; none when absent. */
  assetFiles?: AssetFiles;
  /** How each document is named (export-format "Templates"). */
  fileNameTemplate?: string;
}

/** Adds conversations one at a time; each call gives the archive's bytes written so far. */
export interface ZipOfConversations {
  add(inspection: Inspection, options: ZipExportOptions): Uint8Array[];
  finish(): Uint8Array[];
}

/** Folder names keep a conversation's files apart from another's that shares an image name. */
const FILES_SUFFIX = ' files';

/**
 * The Markdown at `document` and, in the folder beside it, each image it has bytes of and each canvas. The
 * images come first: the Markdown is written once their paths are known.
 */
export function* markdownWithFiles(
  inspection: Inspection,
  document: string,
  uniqueName: (name: string) => string,
  options: ZipExportOptions,
): Generator<TreeFile> {
  const { conversation } = inspection;
  const folder = `${document.slice(0, document.lastIndexOf('.'))}${FILES_SUFFIX}`;
  const paths = new Map<string, string>();
  const relative = (path: string): string => path.slice(document.lastIndexOf('/') + 1);
  for (const asset of conversationAssets(conversation)) {
    const fileId = asset.fileId as string;
    const file = options.assetFiles?.get(fileId);
    if (file === undefined) continue;
    const path = uniqueName(`${folder}/${assetFileName(asset, file)}`);
    paths.set(fileId, relative(path));
    yield { path, content: [file.bytes], compress: false };
  }
  const assetPath = (pointer: string): string | null => paths.get(assetFileId(pointer)) ?? null;
  yield { path: document, content: markdownPieces(inspection, { ...options, assetPath }), compress: true };
  for (const canvas of readCanvases(conversation).documents)
    yield {
      path: uniqueName(`${folder}/${canvasFileName(canvas)}`),
      content: [canvas.content],
      compress: true,
    };
}

export function zipOfConversations(exportedAt: Date): ZipOfConversations {
  const zip = zipStream(exportedAt);
  const uniqueName = uniqueNames();
  return {
    add(inspection, options) {
      const document = uniqueName(
        exportFileName(inspection.conversation, 'md', options.exportedAt, options.fileNameTemplate),
      );
      const chunks: Uint8Array[] = [];
      for (const file of markdownWithFiles(inspection, document, uniqueName, options))
        chunks.push(...zip.file(file.path, file.content, file.compress));
      return chunks;
    },
    finish: () => zip.finish(),
  };
}

/** One conversation's ZIP, in the pieces it is written in. */
export function* zipPieces(inspection: Inspection, options: ZipExportOptions): Generator<Uint8Array> {
  const zip = zipOfConversations(options.exportedAt);
  yield* zip.add(inspection, options);
  yield* zip.finish();
}
