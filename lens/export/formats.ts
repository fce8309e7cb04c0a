import type { CitationStyle } from '@/features/sources/markdown-citations';

/**
 * Every export format, one row each (architecture "Registries"): what it is called, the file it makes, and
 * where it is offered. The writers are in format-writers.ts, typed by this list, so a format without a
 * writer does not compile; they are kept apart so that a page which only names a format (the popup's menu
 * and settings) does not load them.
 */
export const EXPORT_FORMATS = [
  {
    id: 'md',
    label: 'Markdown',
    extension: 'md',
    mimeType: 'text/markdown;charset=utf-8',
    inExtension: true,
    settingLabel: 'Markdown',
  },
  {
    id: 'json',
    label: 'JSON',
    extension: 'json',
    mimeType: 'application/json;charset=utf-8',
    inExtension: true,
    settingLabel: 'JSON',
  },
  {
    id: 'csv',
    label: 'CSV',
    extension: 'csv',
    mimeType: 'text/csv;charset=utf-8',
    inExtension: true,
    settingLabel: 'CSV (search queries)',
  },
  {
    id: 'html',
    label: 'HTML',
    extension: 'html',
    mimeType: 'text/html;charset=utf-8',
    inExtension: true,
    settingLabel: 'HTML (a page to read or print)',
  },
  {
    id: 'zip',
    label: 'ZIP',
    extension: 'zip',
    mimeType: 'application/zip',
    inExtension: true,
    settingLabel: 'ZIP (Markdown, images, canvases)',
  },
  {
    id: 'sources-csv',
    label: 'sources CSV',
    extension: 'csv',
    mimeType: 'text/csv;charset=utf-8',
    inExtension: false,
    settingLabel: 'CSV (sources)',
  },
] as const satisfies readonly ExportFormatInfo[];

export interface ExportFormatInfo {
  /** The name `inspect --format` and the protocol use. */
  id: string;
  /** How the extension's menu and messages name it ("Export Markdown", "Copying as Markdown…"). */
  label: string;
  /** The file's extension, without its dot. */
  extension: string;
  mimeType: string;
  /** Offered by the extension's export menu and as its default format; the others by `inspect` alone. */
  inExtension: boolean;
  /** How the settings' choice of the default format names it. */
  settingLabel: string;
}

export type ExportFormat = (typeof EXPORT_FORMATS)[number]['id'];

/** The formats whose file is text (all but the ZIP): what a caller may join into one string. */
export type TextExportFormat = Exclude<ExportFormat, 'zip'>;

export const isTextFormat = (format: ExportFormat): format is TextExportFormat => format !== 'zip';

/** The formats the extension offers, for the default-format setting. */
export type ExtensionExportFormat = Extract<(typeof EXPORT_FORMATS)[number], { inExtension: true }>['id'];

export const EXPORT_FORMAT_IDS: readonly ExportFormat[] = EXPORT_FORMATS.map((format) => format.id);

export const EXTENSION_EXPORT_FORMATS = EXPORT_FORMATS.filter(
  (format): format is Extract<(typeof EXPORT_FORMATS)[number], { inExtension: true }> => format.inExtension,
);

export function formatInfo(format: ExportFormat): ExportFormatInfo {
  return EXPORT_FORMATS.find((entry) => entry.id === format) ?? EXPORT_FORMATS[0];
}

/** How the Markdown shows cited pages: inline links (the default) or footnotes. */
export const CITATION_STYLES: readonly CitationStyle[] = ['inline', 'footnotes'];
