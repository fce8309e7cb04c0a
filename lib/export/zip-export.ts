import { readCanvases } from '@/lib/insights/canvas';
import type { Inspection } from '@/lib/insights/inspection';
import { type AssetFiles, assetFileId, assetFileName, conversationAssets } from './asset-files';
import { canvasFileName } from './canvas-file-name';
import { exportFileName } from './file-name';
import { type MarkdownExportOptions, markdownPieces } from './markdown-export';
import { uniqueNames } from './unique-names';
import { zipStream } from './zip-stream';

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

export function zipOfConversations(exportedAt: Date): ZipOfConversations {
  const zip = zipStream(exportedAt);
  const uniqueName = uniqueNames();
  return {
    add(inspection, options) {
      const chunks: Uint8Array[] = [];
      const { conversation } = inspection;
      const document = uniqueName(
        exportFileName(conversation, 'md', options.exportedAt, options.fileNameTemplate),
      );
      const folder = `${document.slice(0, -'.md'.length)}${FILES_SUFFIX}`;
      const paths = new Map<string, string>();
      for (const asset of conversationAssets(conversation)) {
        const fileId = asset.fileId as string;
        const file = options.assetFiles?.get(fileId);
        if (file === undefined) continue;
        const path = uniqueName(`${folder}/${assetFileName(asset, file)}`);
        paths.set(fileId, path);
        chunks.push(...zip.file(path, [file.bytes], false));
      }
      const assetPath = (pointer: string): string | null => paths.get(assetFileId(pointer)) ?? null;
      chunks.push(...zip.file(document, markdownPieces(inspection, { ...options, assetPath }), true));
      for (const canvas of readCanvases(conversation).documents)
        chunks.push(...zip.file(uniqueName(`${folder}/${canvasFileName(canvas)}`), [canvas.content], true));
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
