import type { CitationStyle } from '@/lib/export/markdown-citations';
import type { TranscriptOptions } from '@/lib/export/transcript-options';

export type { ExportFormat } from '@/lib/export/formats';

/** What an export is told; the Markdown transcript's options are export-format "Options". */
export interface ExportOptions extends Partial<TranscriptOptions> {
  /** Markdown only: cited markers as inline links (the default) or as footnotes (MarkdownExportOptions). */
  citations?: CitationStyle;
  /** Markdown only: hidden messages and tools' whole output written too (the settings' choice). */
  includeHiddenAndTools?: boolean;
  /** Markdown only: the front matter's `key: {field}` lines (export-format "Templates"). */
  frontMatterTemplate?: string;
  /**
   * ZIP and HTML: the images the page shows, fetched through the rate governor and written beside the
   * Markdown or into the page (export-format "Images and files"); off unless the user turned it on.
   */
  includeImages?: boolean;
  /** The saved file's name before its extension, `{date} {title}` unless chosen (export-format "Templates"). */
  fileNameTemplate?: string;
}

/** What a saved export is called and what it holds. */
export interface ExportFileHead {
  fileName: string;
  mimeType: string;
}

/**
 * An export as text: the worker writes it, the UI turns it into a Blob and a download
 * (architecture "Browser facts": URL.createObjectURL does not exist in a service worker). Runtime messaging
 * carries JSON, so a file of bytes (a ZIP) travels as base64.
 */
export interface ExportFile extends ExportFileHead {
  text: string;
  encoding?: 'base64';
}

/**
 * An export not written yet: its text comes in pieces, each written when it is asked for, so the worker
 * encodes them as they come for its Blob rather than join them into one text (lib/export/utf8-chunks.ts).
 */
export interface PreparedExport extends ExportFileHead {
  pieces(): Iterable<string | Uint8Array>;
}
