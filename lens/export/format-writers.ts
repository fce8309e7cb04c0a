import { exportQueriesCsv } from '@/features/queries/queries-csv';
import { exportSourcesCsv } from '@/features/sources/sources-csv';
import type { Inspection } from '@/lens/insights/inspection';
import type { AssetFiles } from '@/lib/export/asset-files';
import { exportFileName } from '@/lib/export/file-name';
import type { ExportOptions } from './export-options';
import { type ExportFormat, formatInfo, type TextExportFormat } from './formats';
import { HTML_CLOSING, HTML_OPENING_OF_MANY, htmlArticlePieces, htmlBody, htmlHead } from './html-export';
import { jsonBody, jsonHead, toExportDocument } from './json-export';
import type { AssetPathResolver } from './markdown-assets';
import { markdownBodyPieces, markdownHead, markdownPieces } from './markdown-export';
import { zipOfConversations, zipPieces } from './zip-export';

/**
 * What a writer is told, with the defaults a reader wants where the caller says nothing: the export choices
 * (lens/export/export-options.ts; images are fetched before the writers run, into `assetFiles`), the time,
 * and where the files of images and attachments lie.
 */
export interface WriteOptions extends Omit<ExportOptions, 'includeImages'> {
  exportedAt: Date;
  /** Markdown: where the files of images and attachments lie (export-format "Images and files"). */
  assetPath?: AssetPathResolver;
  /** ZIP: the bytes of images and files, by file id, to write beside the Markdown (export-format "ZIP"). */
  assetFiles?: AssetFiles;
}

/** A piece of an export: text (written as UTF-8), or bytes (the ZIP's). */
export type ExportPiece = string | Uint8Array;

/**
 * One format's writer. A file of one conversation is `pieces`, put together; a file of several (`inspect` of
 * a data export, read one conversation at a time) is what one `many()` gives: its opening, each conversation
 * in turn, then its closing.
 */
export interface FormatWriter {
  pieces(inspection: Inspection, options: WriteOptions): Iterable<ExportPiece>;
  many(): ManyWriter;
}

/** A file of several conversations, written as each is read. */
export interface ManyWriter {
  opening(): ExportPiece[];
  conversation(inspection: Inspection, options: WriteOptions): ExportPiece[];
  closing(): ExportPiece[];
}

/** What writing a text file after its head is told: the choices, never the time. */
export type BodyOptions = Omit<WriteOptions, 'exportedAt'>;

/**
 * A text format's writer: a file of one conversation is its head, where the time of the export is written
 * (empty in the formats that give none), then its body, which the conversation and the choices alone
 * decide, so the extension can write it before the click (architecture "A file readied before the click").
 */
export interface TextFormatWriter extends FormatWriter {
  head(inspection: Inspection, options: WriteOptions): string;
  body(inspection: Inspection, options: BodyOptions): Iterable<string>;
  pieces(inspection: Inspection, options: WriteOptions): Iterable<string>;
}

/** A text format's file of several conversations: an opening, each conversation by its index, a closing. */
interface TextParts {
  opening: string;
  /** `index`: how many conversations were written before this one. */
  conversation(inspection: Inspection, index: number, options: WriteOptions): string;
  closing(count: number): string;
}

function textWriter(
  { head, body }: Pick<TextFormatWriter, 'head' | 'body'>,
  parts: TextParts,
): TextFormatWriter {
  return {
    head,
    body,
    *pieces(inspection, options) {
      yield head(inspection, options);
      yield* body(inspection, options);
    },
    many() {
      let written = 0;
      return {
        opening: () => [parts.opening],
        conversation: (inspection, options) => [parts.conversation(inspection, written++, options)],
        closing: () => [parts.closing(written)],
      };
    },
  };
}

/** Each conversation after the first is preceded by a blank line. */
const separated = (text: string, index: number): string => (index === 0 ? text : `\n\n${text}`);

/** A whole-file CSV writer's rows for one conversation: its output less the header it starts with. */
function csvWriter(exportCsv: (inspections: Inspection | readonly Inspection[]) => string): TextFormatWriter {
  const header = exportCsv([]);
  return textWriter(
    { head: () => '', body: (inspection) => [exportCsv(inspection)] },
    {
      opening: header,
      conversation: (inspection) => exportCsv([inspection]).slice(header.length),
      closing: () => '',
    },
  );
}

/**
 * One document of `JSON.stringify(documents, null, 2)`: indented one level deeper. Strings hold no raw
 * line break (JSON escapes them), so every line break of the document starts one of its lines.
 */
const arrayElement = (document: unknown): string =>
  `  ${JSON.stringify(document, null, 2).replaceAll('\n', '\n  ')}`;

/** The writer of every format of formats.ts (architecture "Registries"). */
export const FORMAT_WRITERS: {
  readonly [Format in ExportFormat]: Format extends TextExportFormat ? TextFormatWriter : FormatWriter;
} = {
  md: textWriter(
    { head: markdownHead, body: markdownBodyPieces },
    {
      opening: '',
      conversation: (inspection, index, options) =>
        separated([...markdownPieces(inspection, options)].join(''), index),
      closing: () => '',
    },
  ),
  // Exactly one JSON value: a document, or an array of them for a file of several conversations.
  json: textWriter(
    { head: (_inspection, options) => jsonHead(options), body: (inspection) => [jsonBody(inspection)] },
    {
      opening: '',
      conversation: (inspection, index, options) =>
        `${index === 0 ? '[\n' : ',\n'}${arrayElement(toExportDocument(inspection, options))}`,
      closing: (count) => (count === 0 ? '[]\n' : '\n]\n'),
    },
  ),
  csv: csvWriter(exportQueriesCsv),
  // One page; a file of several conversations is one article each, under a title that names none of them.
  html: textWriter(
    { head: htmlHead, body: htmlBody },
    {
      opening: HTML_OPENING_OF_MANY,
      conversation: (inspection, _index, options) => [...htmlArticlePieces(inspection, options)].join(''),
      closing: () => HTML_CLOSING,
    },
  ),
  'sources-csv': csvWriter(exportSourcesCsv),
  // The Markdown with its images and canvases as files; several conversations share one archive.
  zip: {
    pieces: (inspection, options) => zipPieces(inspection, options),
    many() {
      let zip: ReturnType<typeof zipOfConversations> | null = null;
      const opened = (options: WriteOptions) => {
        zip ??= zipOfConversations(options.exportedAt);
        return zip;
      };
      return {
        opening: () => [],
        conversation: (inspection, options) => opened(options).add(inspection, options),
        closing: () => (zip === null ? zipOfConversations(new Date(0)) : zip).finish(),
      };
    },
  },
};

/**
 * The name one conversation's export is saved under (export-format "File names"). Two CSV exports of one
 * conversation must not get the same name in one downloads folder, so the sources CSV says so.
 */
export function exportFileNameOf(
  inspection: Inspection,
  format: ExportFormat,
  exportedAt: Date,
  template?: string,
): string {
  const name = exportFileName(inspection.conversation, formatInfo(format).extension, exportedAt, template);
  return format === 'sources-csv' ? name.replace(/\.csv$/, ' sources.csv') : name;
}

/** One conversation's export in a text format, written whole. */
export function writeExport(inspection: Inspection, format: TextExportFormat, options: WriteOptions): string {
  return [...FORMAT_WRITERS[format].pieces(inspection, options)].join('');
}
