import { type ReferencedPage, readPage } from '@/features/sources/content-references';
import { cleanSourceUrl } from '@/lib/insights/source-url';
import { readArray } from '@/lib/model/ad-and-product-fields';
import type { NormalizedMessage } from '@/lib/model/conversation';
import { isRecord } from '@/lib/model/json-read';
import { readRefId } from '@/lib/model/message-object';

/**
 * The pages of a turn by the reference id the model names them with (`turn0search2`, site-interface 2.4): the
 * search results (`search_result_groups` entries and their `ref_id`, site-interface 10.5), the items of a
 * citation with their `refs`, and a page a web tool quoted (`tether_quote`, its `ref_id` in its metadata).
 * The first page an id names wins.
 */
function addPage(pages: Map<string, ReferencedPage>, refId: unknown, page: ReferencedPage | null): void {
  const id = readRefId(refId);
  if (id !== null && page !== null && !pages.has(id)) pages.set(id, page);
}

function searchResults(pages: Map<string, ReferencedPage>, metadata: Record<string, unknown>): void {
  for (const group of readArray(metadata.search_result_groups)) {
    if (!isRecord(group)) continue;
    for (const entry of readArray(group.entries)) {
      if (isRecord(entry)) addPage(pages, entry.ref_id, readPage(entry));
    }
  }
}

/** A grouped citation's items stand in the order of its `refs`. */
function citedItems(pages: Map<string, ReferencedPage>, metadata: Record<string, unknown>): void {
  for (const reference of readArray(metadata.content_references)) {
    if (!isRecord(reference)) continue;
    const refs = readArray(reference.refs);
    readArray(reference.items).forEach((item, index) => {
      addPage(pages, refs[index], readPage(item));
    });
  }
}

/** A quoted page reads "title", "url", "text" one per line (lib/model/message-content.ts). */
function quotedPage(message: NormalizedMessage): ReferencedPage | null {
  if (message.contentType !== 'tether_quote') return null;
  const lines = message.text.split('\n');
  const urlAt = lines.findIndex((line) => /^https?:\/\/\S+$/.test(line.trim()));
  const url = urlAt < 0 ? null : cleanSourceUrl((lines[urlAt] as string).trim());
  if (url === null) return null;
  const title = urlAt > 0 ? (lines[urlAt - 1] as string).trim() || null : null;
  return { url, title, attribution: null };
}

export function referencedPages(messages: readonly NormalizedMessage[]): Map<string, ReferencedPage> {
  const pages = new Map<string, ReferencedPage>();
  for (const message of messages) {
    const { metadata } = message;
    if (metadata.search_result_groups !== undefined) searchResults(pages, metadata);
    if (metadata.content_references !== undefined) citedItems(pages, metadata);
    addPage(pages, message.refId, quotedPage(message));
  }
  return pages;
}
