import { cleanSourceUrl, hostOf } from '@/lib/insights/source-url';
import { readArray } from '@/lib/model/ad-and-product-fields';
import { isRecord, type JsonRecord, readString } from '@/lib/model/json-read';
import { withoutMarkers } from './citation-sweep';
import { isMemoryReference, memoryCitationIds } from './memory-citations';

/**
 * The reader of `metadata.content_references`: what an answer cites and what each marker in its text shows
 * (site-interface 10.5). The shape is the live site's, which the service's description leaves out, so
 * every member is read tolerantly: a wrong type reads as absent, an unknown type is kept with its `alt`,
 * nothing throws.
 */
export interface ReferencedPage {
  url: string;
  title: string | null;
  attribution: string | null;
}

/** A thing a marker shows by name (a video, a business, an image), linked when it has a web address. */
export interface NamedThing {
  label: string;
  /** A web address (`http:`, `https:`); null for none. */
  url: string | null;
}

/**
 * What a reference's marker shows: links to its pages, words (an entity's or a product's name), things by
 * name (a video, a map's businesses, an inline image), a note for a citation that is no web page (a cited
 * upload by its file's name, a memory as "Memory"), the site's own Markdown (`alt`, for types not known
 * here) or nothing (hidden references and image carousels).
 */
export type ReferenceDisplay =
  | { kind: 'pages'; pages: ReferencedPage[] }
  | { kind: 'words'; text: string }
  | { kind: 'named'; things: NamedThing[] }
  | { kind: 'note'; text: string }
  | { kind: 'alt'; markdown: string }
  | { kind: 'nothing' };

export interface ContentReference {
  /** `type` as sent; '' when absent. */
  type: string;
  /** The marker in the text (`\ue200cite\ue202turn0search3\ue201`, `【2†L142-L150】`); '' when absent. */
  matchedText: string;
  /** Where the marker starts: only a hint, real offsets are often off or counted in other units. */
  startIndex: number | null;
  /** The web pages the reference cites: `[]` for references that cite none (a file, a memory, a map). */
  pages: ReferencedPage[];
  display: ReferenceDisplay;
}

/** Types whose members are cited pages (grouped_webpages items with their supporting websites, …). */
const GROUPED_PAGE_TYPES: ReadonlySet<string> = new Set([
  'grouped_webpages',
  'grouped_webpages_v2',
  'grouped_webpages_model_predicted_fallback',
]);
const SINGLE_PAGE_TYPES: ReadonlySet<string> = new Set(['webpage', 'webpage_extended']);
const PRODUCT_TYPES: ReadonlySet<string> = new Set(['products', 'product_entity', 'product']);
const SILENT_TYPES: ReadonlySet<string> = new Set([
  'hidden',
  'image_group',
  'image_v2',
  'optimistic_image_citation',
  // An interactive part of a UI program's answer, named in the text where its marker stood (site-interface
  // 10.14, lib/model/ui-program.ts).
  'client_defined_widget',
]);

/**
 * Every reference type read on purpose; `alt` shows any other, and reading health counts it
 * (features/details/reading-health.ts).
 */
export const KNOWN_REFERENCE_TYPES: ReadonlySet<string> = new Set([
  ...GROUPED_PAGE_TYPES,
  ...SINGLE_PAGE_TYPES,
  ...PRODUCT_TYPES,
  ...SILENT_TYPES,
  'entity',
  'sources_footnote',
  'file',
  'video',
  'image_inline',
  'businesses_map',
  // A summary chip: its `alt` when it has one, else nothing, as for a type not known here.
  'tldr',
]);

/** The words a memory citation shows (site-interface 10.5): a note, never a page or a domain. */
export const MEMORY_NOTE = 'Memory';

/** Whatever displayText would change: a marker, a line break, doubled or outer spaces. Most titles have none. */
const NEEDS_DISPLAY_WORK = /[\ue200-\ue2ff【]|turn\d|entity\[|memcite|[^\S ]| {2}|^ | $/;

/** One line of readable text: markers removed, white space collapsed (deep research titles span lines). */
export function displayText(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (!NEEDS_DISPLAY_WORK.test(value)) return value;
  const clean = withoutMarkers(value).replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
}

/** A page's `url` as citations and search results give it, cleaned; null for none. */
export function pageUrl(value: unknown): string | null {
  const rawUrl = readString(value);
  return rawUrl === null ? null : cleanSourceUrl(rawUrl);
}

/** A page `{url, title, attribution}` as citations and search results give it; null without a URL. */
export function readPage(value: unknown): ReferencedPage | null {
  if (!isRecord(value)) return null;
  const url = pageUrl(value.url);
  if (url === null) return null;
  return { url, title: displayText(value.title), attribution: displayText(value.attribution) };
}

/**
 * A page once per reference; the sources extractor merges the same page written two ways (pageKey). A
 * reference lists a few pages, so a look along them costs less than a set made for each of thousands.
 */
function addPage(pages: ReferencedPage[], page: ReferencedPage | null): void {
  if (page === null) return;
  for (const known of pages) if (known.url === page.url) return;
  pages.push(page);
}

/** A web address, cleaned; null for any other text (an asset pointer, a file's path). */
function webUrl(value: unknown): string | null {
  const raw = readString(value);
  const url = raw === null ? null : cleanSourceUrl(raw);
  return url !== null && hostOf(url) !== null ? url : null;
}

/** A video (`title`, `url`, `video_site`): the page it plays on is a page the answer cites. */
function videoPage(reference: JsonRecord): ReferencedPage | null {
  const url = webUrl(reference.url);
  if (url === null) return null;
  const attribution = displayText(reference.video_site) ?? displayText(reference.attribution);
  return { url, title: displayText(reference.title), attribution };
}

/**
 * An inline image's pages: the page it was found on (`clicked_from_url`, `clicked_from_title`, else `url`,
 * `title`), and each of its `images[]` (`url`, `title`, `attribution`). Its `asset_pointer_links` are the
 * site's own files, never pages.
 */
function imagePages(reference: JsonRecord): ReferencedPage[] {
  const pages: ReferencedPage[] = [];
  const url = webUrl(reference.clicked_from_url) ?? webUrl(reference.url);
  if (url !== null) {
    const title = displayText(reference.clicked_from_title) ?? displayText(reference.title);
    addPage(pages, { url, title, attribution: displayText(reference.attribution) });
  }
  for (const image of readArray(reference.images)) {
    const imageUrl = isRecord(image) ? webUrl(image.url) : null;
    if (imageUrl !== null && isRecord(image))
      addPage(pages, {
        url: imageUrl,
        title: displayText(image.title),
        attribution: displayText(image.attribution),
      });
  }
  return pages;
}

/** grouped_webpages items, each with its supporting websites. */
function addItems(pages: ReferencedPage[], items: unknown): void {
  for (const item of readArray(items)) {
    addPage(pages, readPage(item));
    if (isRecord(item))
      for (const site of readArray(item.supporting_websites)) addPage(pages, readPage(site));
  }
}

function citedPages(reference: JsonRecord, type: string): ReferencedPage[] {
  const pages: ReferencedPage[] = [];
  if (GROUPED_PAGE_TYPES.has(type)) {
    addItems(pages, reference.items);
    addItems(pages, reference.fallback_items);
  } else if (type === 'sources_footnote') {
    for (const source of readArray(reference.sources)) addPage(pages, readPage(source));
  } else if (SINGLE_PAGE_TYPES.has(type)) {
    addPage(pages, readPage(reference) ?? readPage(reference.item));
  } else if (type === 'video') {
    addPage(pages, videoPage(reference));
  } else if (type === 'image_inline') {
    return imagePages(reference);
  }
  return pages;
}

/** A video by its title, linked to its page; "Video" when only the page is known. */
function videoThings(reference: JsonRecord, pages: readonly ReferencedPage[]): NamedThing[] {
  const page = pages[0];
  const label = displayText(reference.title) ?? (page === undefined ? null : 'Video');
  return label === null ? [] : [{ label, url: page?.url ?? null }];
}

const imageLabel = (title: string | null): string => (title === null ? 'Image' : `Image: ${title}`);

/** An inline image as "Image: its title", linked to the page it was found on; unlinked without one. */
function imageThings(reference: JsonRecord, pages: readonly ReferencedPage[]): NamedThing[] {
  if (pages.length > 0) return pages.map((page) => ({ label: imageLabel(page.title), url: page.url }));
  const title = displayText(reference.clicked_from_title) ?? displayText(reference.title);
  return title === null ? [] : [{ label: imageLabel(title), url: null }];
}

/**
 * A map's businesses by name, each linked to its website (`website_url`, else `url`, else its page at the
 * map's provider): `businesses[]`, or `business_fallbacks[]` when the site renders those instead or there
 * are no others. Places on a map, not pages the answer cites: they are not sources.
 */
function businessThings(reference: JsonRecord): NamedThing[] {
  const read = (list: unknown): NamedThing[] =>
    readArray(list).flatMap((business) => {
      const label = isRecord(business) ? displayText(business.name) : null;
      if (label === null || !isRecord(business)) return [];
      const url = webUrl(business.website_url) ?? webUrl(business.url) ?? webUrl(business.provider_url);
      return [{ label, url }];
    });
  const businesses = reference.render_fallbacks === true ? [] : read(reference.businesses);
  return businesses.length > 0 ? businesses : read(reference.business_fallbacks);
}

function namedThings(reference: JsonRecord, type: string, pages: readonly ReferencedPage[]): NamedThing[] {
  if (type === 'video') return videoThings(reference, pages);
  if (type === 'image_inline') return imageThings(reference, pages);
  return businessThings(reference);
}

const NAMED_TYPES: ReadonlySet<string> = new Set(['video', 'image_inline', 'businesses_map']);

/** `[Acme Kettle](…)` or plain text: the words of the site's own Markdown for a product. */
function labelOfAlt(alt: string | null): string | null {
  if (alt === null) return null;
  return displayText(/^\s*\[([^\]]*)\]/.exec(alt)?.[1] ?? alt);
}

function productName(reference: JsonRecord): string | null {
  const direct =
    displayText(reference.name) ??
    displayText(reference.title) ??
    (isRecord(reference.product) ? displayText(reference.product.title) : null);
  if (direct !== null) return direct;
  const titles = readArray(reference.products).flatMap((product) => {
    const title = isRecord(product) ? displayText(product.title) : null;
    return title === null ? [] : [title];
  });
  return titles.length > 0 ? titles.join(', ') : labelOfAlt(readString(reference.alt));
}

function displayOf(
  reference: JsonRecord,
  type: string,
  pages: ReferencedPage[],
  memoryIds: ReadonlySet<string>,
): ReferenceDisplay {
  if (isMemoryReference(reference, memoryIds)) return { kind: 'note', text: MEMORY_NOTE };
  // A cited upload of the user's own (`source: "my_files"`): named by its file, never by its pointer.
  if (type === 'file') {
    const name = displayText(reference.name) ?? displayText(reference.title);
    return name === null ? { kind: 'nothing' } : { kind: 'note', text: name };
  }
  if (NAMED_TYPES.has(type)) {
    const things = namedThings(reference, type, pages);
    if (things.length > 0) return { kind: 'named', things };
  } else if (pages.length > 0) return { kind: 'pages', pages };
  if (SILENT_TYPES.has(type)) return { kind: 'nothing' };
  if (type === 'entity') {
    // Without a name the marker's own array names it (the sweep reads `["kind","Name",…]`).
    const name =
      displayText(reference.name) ?? displayText(withoutMarkers(readString(reference.matched_text) ?? ''));
    return name === null ? { kind: 'nothing' } : { kind: 'words', text: name };
  }
  if (PRODUCT_TYPES.has(type)) {
    const name = productName(reference);
    return name === null ? { kind: 'nothing' } : { kind: 'words', text: name };
  }
  const alt = readString(reference.alt);
  const markdown = alt === null ? '' : withoutMarkers(alt).trim();
  return markdown === '' ? { kind: 'nothing' } : { kind: 'alt', markdown };
}

/** A reference's `type` as sent; '' when absent. */
const typeOf = (value: JsonRecord): string => readString(value.type) ?? '';

function readReference(value: unknown, memoryIds: ReadonlySet<string>): ContentReference | null {
  if (!isRecord(value)) return null;
  const type = typeOf(value);
  const start = value.start_idx;
  const pages = citedPages(value, type);
  const display = displayOf(value, type, pages, memoryIds);
  // Members named one by one: spreading a part read apart made V8 clone it slowly, once per reference.
  return {
    type,
    matchedText: readString(value.matched_text) ?? '',
    startIndex: typeof start === 'number' && Number.isInteger(start) && start >= 0 ? start : null,
    pages,
    display,
  };
}

/**
 * The types of a message's content references, in their order, as readContentReferences reads them, without
 * reading what they cite: reading health asks them of every message.
 */
export function referenceTypes(metadata: Record<string, unknown>): string[] {
  const types: string[] = [];
  for (const value of readArray(metadata.content_references)) if (isRecord(value)) types.push(typeOf(value));
  return types;
}

/** The content references of a message's metadata, in their order; `[]` when there are none. */
export function readContentReferences(metadata: Record<string, unknown>): ContentReference[] {
  const references: ContentReference[] = [];
  const memoryIds = memoryCitationIds(metadata);
  for (const value of readArray(metadata.content_references)) {
    const reference = readReference(value, memoryIds);
    if (reference !== null) references.push(reference);
  }
  return references;
}
