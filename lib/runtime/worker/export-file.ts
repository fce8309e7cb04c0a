import { exportFileNameOf, FORMAT_WRITERS } from '@/lib/export/format-writers';
import { type ExportFormat, formatInfo } from '@/lib/export/formats';
import type { Inspection } from '@/lib/insights/inspection';
import type { ExportFile, ExportOptions, PreparedExport } from '@/lib/runtime/contract/export-file';

/** One conversation in one format, as `inspect` writes it (the same writers, the same file names). */
export function exportOf(
  inspection: Inspection,
  format: ExportFormat,
  options: ExportOptions,
  exportedAt: Date,
): PreparedExport {
  return {
    fileName: exportFileNameOf(inspection, format, exportedAt, options.fileNameTemplate),
    mimeType: formatInfo(format).mimeType,
    pieces: () => FORMAT_WRITERS[format].pieces(inspection, { ...options, exportedAt }),
  };
}

/** Bytes as base64, a chunk at a time: `String.fromCharCode` takes so many arguments at most. */
function base64Of(parts: readonly Uint8Array[]): string {
  let binary = '';
  for (const part of parts)
    for (let at = 0; at < part.length; at += 0x8000)
      binary += String.fromCharCode(...part.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The prepared export written whole: its text, or a file of bytes (a ZIP) as base64. */
export function wholeFile({ fileName, mimeType, pieces }: PreparedExport): ExportFile {
  const written = [...pieces()];
  if (written.every((piece) => typeof piece === 'string')) return { fileName, mimeType, text: written.join('') };
  const encoder = new TextEncoder();
  const bytes = written.map((piece) => (typeof piece === 'string' ? encoder.encode(piece) : piece));
  return { fileName, mimeType, text: base64Of(bytes), encoding: 'base64' };
}
