import type { CitationStyle } from '@/lib/export/markdown-citations';

export type { ExportFormat } from '@/lib/export/formats';

export interface ExportOptions {
  /** Markdown only: cited markers as inline links (the default) or as footnotes (MarkdownExportOptions). */
  citations?: CitationStyle;
  /** Markdown only: hidden messages and tools' whole output written too (the settings' choice). */
  includeHiddenAndTools?: boolean;
  /** Markdown only: the front matter's `key: {field}` lines (export-format "Templates"). */
  frontMatterTemplate?: string;
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
 * (architecture "Browser facts": URL.createObjectURL does not exist in a service worker).
 */
export interface ExportFile extends ExportFileHead {
  text: string;
}

/**
 * An export not written yet: its text comes in pieces, each written when it is asked for, so the worker
 * makes its Blob of them rather than of one joined text (lib/runtime/worker/export-port-server.ts).
 */
export interface PreparedExport extends ExportFileHead {
  pieces(): Iterable<string>;
}
