import { FEATURES } from '@/features/index';
import type { Inspection } from '@/lens/insights/inspection';
import { exportFieldValues } from '@/lib/export/export-fields';
import { inParts } from '@/lib/export/in-parts';
import { inlineText } from '@/lib/export/markdown-text';
import {
  DEFAULT_FRONT_MATTER_TEMPLATE,
  frontMatter,
  frontMatterEntries,
} from '@/lib/export/yaml-front-matter';
import type { ExportOptions } from './export-options';
import type { AssetPathResolver } from './markdown-assets';
import { transcriptBlocks } from './markdown-transcript';
import { transcriptInput } from './transcript-input';

/**
 * The conversation as one Markdown document (export-format "Markdown"): YAML front matter, the transcript
 * (each answer followed by its sources), then Search queries, Ads, Product offers and Details. Nothing in it
 * can hold a token or a tracking value: it is written from the Inspection alone, whose parsers never kept
 * them.
 */
export interface MarkdownExportOptions extends Omit<ExportOptions, 'includeImages' | 'fileNameTemplate'> {
  exportedAt: Date;
  /**
   * Where the files of images and attachments lie, relative to the document, when the step that writes it has
   * them (export-format "Images and files"); without it each is named by a line.
   */
  assetPath?: AssetPathResolver;
}

const UNTITLED = 'Untitled conversation';
/** About how many characters of Markdown go out, or are rendered, in one piece. */
export const PIECE_LENGTH = 16 * 1024;

export function exportMarkdown(inspection: Inspection, options: MarkdownExportOptions): string {
  return [...markdownPieces(inspection, options)].join('');
}

/**
 * The front matter's facts, in order, as the template names them (export-format "Templates"); the HTML
 * export's header shows them too.
 */
export function documentFacts(
  inspection: Inspection,
  options: MarkdownExportOptions,
): Array<readonly [key: string, value: string | null]> {
  return frontMatterEntries(
    options.frontMatterTemplate ?? DEFAULT_FRONT_MATTER_TEMPLATE,
    exportFieldValues(inspection.conversation, options.exportedAt),
  );
}

/** The document's heading: the conversation's title, or a stand-in when it has none. */
export function documentTitle(inspection: Inspection): string {
  const { title } = inspection.conversation;
  return title === null || title.trim() === '' ? UNTITLED : title;
}

/**
 * The same document in pieces, in order, each written when it is asked for: the worker encodes each as it
 * comes for its export's Blob, never joining them into one string (lib/export/utf8-chunks.ts). Joined,
 * they are `exportMarkdown`'s text.
 */
export function* markdownPieces(inspection: Inspection, options: MarkdownExportOptions): Generator<string> {
  yield markdownHead(inspection, options);
  yield* markdownBodyPieces(inspection, options);
}

/** The document's front matter and title: all of it that the time of the export is written in. */
export function markdownHead(inspection: Inspection, options: MarkdownExportOptions): string {
  const facts = documentFacts(inspection, options);
  const header = facts.length === 0 ? '' : `${frontMatter(facts)}\n`;
  return `${header}# ${inlineText(documentTitle(inspection))}`;
}

/** What writing the document after its title is told: the choices, never the time. */
export type MarkdownBodyOptions = Omit<MarkdownExportOptions, 'exportedAt'>;

const TEMPORARY_CHAT_NOTE = "_A temporary chat: it is not in ChatGPT's history._";

/**
 * The document after its front matter and title, block by block, each after a blank line: the transcript,
 * each answer followed by the pages it cited, then each feature's section (architecture "Features").
 */
export function* bodyBlocks(inspection: Inspection, options: MarkdownBodyOptions): Generator<string> {
  const source = transcriptInput(inspection, options.branches ?? 'active');
  const blocks = transcriptBlocks(source.inspection, source.index, {
    ...options,
    branchMarks: source.branchMarks,
    note: source.note,
  });
  // site-interface 10.12: the history does not keep a temporary chat; its export says what it is.
  if (inspection.conversation.flags.is_temporary_chat === true) yield `\n\n${TEMPORARY_CHAT_NOTE}`;
  for (const block of blocks) yield `\n\n${block}`;
  for (const feature of FEATURES)
    if (feature.markdown !== 'transcript') yield `\n\n${feature.markdown(inspection)}`;
  yield '\n';
}

/** The document after its front matter and title, in pieces that each end between two blocks. */
export const markdownBodyPieces = (inspection: Inspection, options: MarkdownBodyOptions): Iterable<string> =>
  inParts(bodyBlocks(inspection, options), PIECE_LENGTH);
