import { escapeHtml } from '@/lib/export/html-markdown';
import { inlineText } from '@/lib/export/markdown-text';
import { HTML_CLOSING, HTML_OPENING_OF_MANY } from './html-export';

/** A conversation written among many, as its index lists it. */
export interface IndexEntry {
  /** Its document's path from the index, which lies at the top. */
  path: string;
  title: string | null;
  /** The day it started, YYYY-MM-DD; null when unknown. */
  day: string | null;
}

const UNTITLED = 'Untitled';

/** Newest first; conversations of one day in the order written; the undated last. */
const newestFirst = (entries: readonly IndexEntry[]): IndexEntry[] =>
  [...entries].sort((a, b) => (b.day ?? '').localeCompare(a.day ?? ''));

const undatedLabel = (day: string | null): string => day ?? 'undated';

/**
 * The index of many conversations (export-format "ZIP of many conversations"): one line each, its day, its
 * title and a link to its document, newest first. Markdown beside Markdown documents, HTML beside HTML pages.
 */
export function conversationIndex(entries: readonly IndexEntry[], format: 'md' | 'html'): string {
  const sorted = newestFirst(entries);
  if (format === 'md') {
    const lines = sorted.map(
      (entry) => `- ${undatedLabel(entry.day)} [${inlineText(entry.title ?? UNTITLED)}](<${entry.path}>)`,
    );
    return `# Conversations\n\n${lines.join('\n')}${lines.length === 0 ? '' : '\n'}`;
  }
  const items = sorted.map(
    (entry) =>
      `<li>${undatedLabel(entry.day)} <a href="${escapeHtml(encodeURI(entry.path))}">${escapeHtml(entry.title ?? UNTITLED)}</a></li>`,
  );
  return `${HTML_OPENING_OF_MANY}<h1>Conversations</h1>\n<ul>\n${items.join('\n')}\n</ul>\n${HTML_CLOSING}`;
}

/** The index's file name: HTML when the documents are HTML pages, else Markdown. */
export const indexFileName = (format: string): string => (format === 'html' ? 'index.html' : 'index.md');
