import type { Inspection } from '@/lens/insights/inspection';
import { datedFolder } from '@/lib/export/dated-folder';
import type { TreeFile } from '@/lib/export/tree-sink';
import { exportFileNameOf, FORMAT_WRITERS, type WriteOptions } from './format-writers';
import type { TextExportFormat } from './formats';
import { markdownWithFiles } from './zip-export';

/** One conversation among many: where its document lies, and every file written for it. */
export interface ConversationFiles {
  document: string;
  files: Iterable<TreeFile>;
}

/**
 * A conversation's files in the layout of many (export-format "ZIP of many conversations"): its document under
 * the folder of the month it started, named by the template and made unique; Markdown with its images and
 * canvases in the folder beside it, as the ZIP of one conversation has them.
 */
export function conversationFiles(
  inspection: Inspection,
  format: TextExportFormat,
  uniqueName: (name: string) => string,
  options: WriteOptions,
): ConversationFiles {
  const name = exportFileNameOf(inspection, format, options.exportedAt, options.fileNameTemplate);
  const document = uniqueName(`${datedFolder(inspection.conversation)}/${name}`);
  if (format === 'md')
    return { document, files: markdownWithFiles(inspection, document, uniqueName, options) };
  const content = FORMAT_WRITERS[format].pieces(inspection, options);
  return { document, files: [{ path: document, content, compress: true }] };
}
