export type { ExportOptions } from '@/lens/export/export-options';
export type { ExportFormat } from '@/lens/export/formats';

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
 * A piece may be bytes (a ZIP's), or a Blob of a body written before the click (architecture "A file
 * readied before the click").
 */
export interface PreparedExport extends ExportFileHead {
  pieces(): Iterable<string | Uint8Array | Blob>;
}
