import type { WebSource } from '@/lib/insights/sources';
import { anchorHtml, escapeHtml } from './html-markdown';
import { pageLabels, uncitedLabel } from './markdown-citations';
import { NEEDS_INLINE_WORK } from './markdown-text';
import type { PagesBlock } from './markdown-transcript';

/**
 * A turn's pages written as HTML directly (export-format "HTML"): the very HTML markdown-it makes of their
 * Markdown, without reading it back, which was a third of the page's time. Only what is plain is written so:
 * a label or site with any character Markdown would read (markdown-text.ts `inlineText` escapes them), an
 * address that is no plain web link, or footnotes, and the block is rendered from its Markdown as any other.
 * tests/unit/export/html-pages.test.ts holds the two ways equal.
 */

/** Control characters: markdown-it's normalising replaces NUL. */
const CONTROL = /\p{Cc}/u;
/** A web address a link destination holds as it is: nothing that ends it or that it would unescape. */
const PLAIN_WEB_ADDRESS = /^https?:[^\s<>\\|]*$/i;

/** Nothing inlineText would change (markdown-text.ts), no control character, and something to show. */
const isPlain = (text: string): boolean =>
  text !== '' && !NEEDS_INLINE_WORK.test(text) && !CONTROL.test(text);

function anchor(label: string, url: string): string | null {
  if (!isPlain(label) || !PLAIN_WEB_ADDRESS.test(url)) return null;
  return anchorHtml(label, url);
}

function listItem(source: WebSource): string | null {
  const { label, site } = pageLabels(source);
  const link = anchor(label, source.url);
  if (link === null || (site !== null && !isPlain(site))) return null;
  return `<li>${site === null ? link : `${link} — ${escapeHtml(site)}`}</li>\n`;
}

/** The block as HTML, or null when it is not plain and markdown-it must render its Markdown. */
export function pagesHtml(block: PagesBlock): string | null {
  const { pages, heading } = block;
  if (pages.noted.length > 0) return null;
  let html = heading === null ? '' : `<h3>${escapeHtml(heading)}</h3>\n`;
  if (pages.listed.length > 0) {
    html += '<p><strong>Sources</strong></p>\n<ul>\n';
    for (const source of pages.listed) {
      const item = listItem(source);
      if (item === null) return null;
      html += item;
    }
    html += '</ul>\n';
  }
  if (pages.uncited.length > 0) {
    const links: string[] = [];
    for (const source of pages.uncited) {
      const link = anchor(uncitedLabel(source), source.url);
      if (link === null) return null;
      links.push(link);
    }
    html += `<p><em>Also found by the search, not cited:</em> ${links.join(' · ')}</p>\n`;
  }
  return html;
}
