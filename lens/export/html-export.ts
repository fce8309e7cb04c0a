import type { Inspection } from '@/lens/insights/inspection';
import { type AssetFiles, assetFileId } from '@/lib/export/asset-files';
import { escapeHtml, type HtmlEnvironment, markdownHtml } from '@/lib/export/html-markdown';
import { HTML_STYLE } from '@/lib/export/html-style';
import { base64Of } from '@/lib/model/base64';
import {
  bodyBlocks,
  documentFacts,
  documentTitle,
  type MarkdownExportOptions,
  PIECE_LENGTH,
} from './markdown-export';

/**
 * The conversation as one self-contained HTML page (export-format "HTML"): the Markdown export rendered,
 * piece by piece, so it holds the same sections in the same order, under a header of the front matter's
 * facts. It carries no script and loads nothing: its style is inline, and its policy forbids everything
 * else, so a message that holds markup cannot make the page do anything.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";

/** The title of a file of several conversations (`inspect` of a data export). */
const MANY_TITLE = 'Chat Lens export';

/**
 * Everything before the first conversation, the page's title included. The conversation may be in any
 * language, so the page says its language is undetermined (BCP 47 `und`) and a screen reader keeps its own.
 */
function opening(title: string): string {
  return [
    '<!doctype html>',
    '<html lang="und">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${HTML_STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    '',
  ].join('\n');
}

export const HTML_OPENING_OF_MANY = opening(MANY_TITLE);
export const HTML_CLOSING = '</main>\n</body>\n</html>\n';

/** A value that is a web address and nothing else (the conversation's page): a link. */
const WEB_ADDRESS = /^https?:\/\/\S+$/i;

/** A fact's value: a web address as a link, a missing one as a dash. */
function factValue(value: string | null): string {
  if (value === null) return '—';
  const text = escapeHtml(value);
  return WEB_ADDRESS.test(value) ? `<a class="bare" href="${text}">${text}</a>` : text;
}

/** The front matter's facts as a list (as its template names them); the title is the heading above it. */
function factsList(facts: ReadonlyArray<readonly [key: string, value: string | null]>): string {
  const items = facts
    .filter(([key]) => key !== 'title')
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${factValue(value)}</dd>`);
  return `<dl class="facts">\n${items.join('\n')}\n</dl>\n`;
}

export interface HtmlExportOptions extends MarkdownExportOptions {
  /** The bytes of images to show inside the page (export-format "Images and files"). */
  assetFiles?: AssetFiles;
}

/** The types an `<img>` shows; the bytes of anything else (a PDF) stay out of the page. */
const SHOWN_TYPES = /^image\/(?:png|jpeg|gif|webp|avif)$/;

/**
 * The images the page holds itself: the Markdown gives each an address of its own (`image:<file id>` reads
 * as a relative path, so no scheme check refuses it) which the renderer swaps for its `data:` URI.
 */
function inlineImages(files: AssetFiles | undefined): {
  assetPath?: (pointer: string) => string | null;
  environment: HtmlEnvironment;
} {
  if (files === undefined || files.size === 0) return { environment: {} };
  const images = new Map<string, string>();
  for (const [fileId, file] of files) {
    const type = (file.mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (SHOWN_TYPES.test(type))
      images.set(`image-${fileId}`, `data:${type};base64,${base64Of([file.bytes])}`);
  }
  const assetPath = (pointer: string): string | null => {
    const address = `image-${assetFileId(pointer)}`;
    return images.has(address) ? address : null;
  };
  return { assetPath, environment: { inlineImages: images } };
}

/**
 * The blocks as HTML, rendered by markdown-it a piece of about PIECE_LENGTH at a time, each handed on as one
 * flat string (markdownHtml). Each block starts after a blank line, so a run of them renders as it would in
 * the whole document.
 */
function* renderedBlocks(blocks: Iterable<string>, environment: HtmlEnvironment): Generator<string> {
  let markdown = '';
  for (const block of blocks) {
    markdown += block;
    if (markdown.length < PIECE_LENGTH) continue;
    yield markdownHtml(markdown, environment);
    markdown = '';
  }
  if (markdown !== '') yield markdownHtml(markdown, environment);
}

/** An article's header: the title and the front matter's facts, the time of the export among them. */
const articleHead = (inspection: Inspection, options: HtmlExportOptions): string =>
  `<article>\n<header>\n<h1>${escapeHtml(documentTitle(inspection))}</h1>\n${factsList(documentFacts(inspection, options))}</header>\n`;

/** What rendering an article after its header is told: the choices and the images, never the time. */
export type HtmlBodyOptions = Omit<HtmlExportOptions, 'exportedAt'>;

/** An article after its header: each piece of the Markdown rendered, then its end. */
function* articleBody(inspection: Inspection, options: HtmlBodyOptions): Generator<string> {
  const { assetPath, environment } = inlineImages(options.assetFiles);
  const written = assetPath === undefined ? options : { ...options, assetPath };
  yield* renderedBlocks(bodyBlocks(inspection, written), environment);
  yield '</article>\n';
}

/** One conversation as an article, in pieces: its header, then each piece of the Markdown rendered. */
export function* htmlArticlePieces(inspection: Inspection, options: HtmlExportOptions): Generator<string> {
  yield articleHead(inspection, options);
  yield* articleBody(inspection, options);
}

/** The page of one conversation up to its article's body: all of it that the time of the export is in. */
export const htmlHead = (inspection: Inspection, options: HtmlExportOptions): string =>
  `${opening(documentTitle(inspection))}${articleHead(inspection, options)}`;

/** The page after its article's header, in pieces (the worker encodes them as they come: utf8-chunks.ts). */
export function* htmlBody(inspection: Inspection, options: HtmlBodyOptions): Generator<string> {
  yield* articleBody(inspection, options);
  yield HTML_CLOSING;
}
