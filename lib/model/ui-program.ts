import { readArray } from './ad-and-product-fields';
import { isRecord, type JsonRecord, ownMember, readIdentifier, readString } from './json-read';

/**
 * An answer made by a UI program (site-interface 10.14): its `content.parts[0]` is a program the page runs,
 * its readable form `metadata.model_dil_v2.fallbackMarkdown`. Read at the normalizing boundary, so every
 * view, export and library record reads words, never the program: the fallback's interactive parts named
 * where they stood, its citation components turned into the references the sources feature reads
 * (features/sources/content-references.ts), and the program itself left out of the metadata.
 */
export interface UiProgramReading {
  text: string;
  metadata: JsonRecord;
}

/** The members of `model_dil_v2` read here; any other is counted (uiProgramGaps). */
export const KNOWN_MEMBERS: ReadonlySet<string> = new Set([
  'fallbackMarkdown',
  'fallbackMarkdownVersion',
  'code',
  'constants',
  'requiredComponents',
  'appData',
]);

/** What stands in the metadata for the program and for any member not read: its name stays, never its value. */
export const PROGRAM_LEFT_OUT = '[UI program, left out]';

/** The interactive parts by `genui_components[].type`, as the words that name them. */
const WIDGET_NAMES: Readonly<Record<string, string>> = { charts_widget_v2: 'Interactive chart' };
const MEMORY_TYPE = 'memory_cite';
/** A part of a type not known here: named all the same, and counted. */
const UNKNOWN_WIDGET = 'Interactive part';

/** The components the program may name in `requiredComponents` that a reader renders as words or references. */
export const KNOWN_COMPONENTS: ReadonlySet<string> = new Set(['MemoryCite', 'Cite', 'ChartsWidget']);

/** The line a program without a readable form opens with, above its Markdown lines. */
export const PROGRAM_NOTE =
  '_Parts of this answer are an interactive program Chat Lens cannot show: open the conversation to see them._';

const widgetLine = (name: string): string => `_${name}: open the conversation to use it._`;

const GENUI_OPEN = '\ue200genui';
const WIDGET_MARKER = /\ue200genui\ue202([^\ue200\ue201\n]*)\ue201/g;
const CITE_MARKER = /\ue200cite((?:\ue202[^\ue200\ue201\ue202\n]*)+)\ue201/g;

interface Widget {
  id: string | null;
  type: string;
}

function dilOf(metadata: JsonRecord): JsonRecord | null {
  const dil = ownMember(metadata, 'model_dil_v2');
  return isRecord(dil) ? dil : null;
}

/** `requiredComponents`: names, or objects naming them. */
function componentNames(dil: JsonRecord): string[] {
  return readArray(ownMember(dil, 'requiredComponents')).flatMap((entry) => {
    const name = isRecord(entry)
      ? (readString(entry.name) ?? readString(entry.component))
      : readString(entry);
    return name === null || name === '' ? [] : [name];
  });
}

function widgetsOf(metadata: JsonRecord): Widget[] {
  return readArray(ownMember(metadata, 'genui_components')).flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const id =
      readIdentifier(entry.id) ?? readIdentifier(entry.component_id) ?? readIdentifier(entry.widget_id);
    return [{ id, type: readString(entry.type) ?? '' }];
  });
}

/**
 * What of a UI program's answer no reader can show, by name: the program without a readable form, a
 * component or an interactive part of a type not known here, a member of `model_dil_v2` not read. Read from
 * the normalized metadata, which keeps every member's name; empty for any other answer.
 */
export function uiProgramGaps(metadata: JsonRecord): { name: string; at: string }[] {
  const dil = dilOf(metadata);
  if (dil === null) return [];
  const gaps: { name: string; at: string }[] = [];
  if (typeof ownMember(dil, 'fallbackMarkdown') !== 'string')
    gaps.push({
      name: 'program without a readable form',
      at: 'message.metadata.model_dil_v2.fallbackMarkdown',
    });
  for (const name of Object.keys(dil))
    if (!KNOWN_MEMBERS.has(name))
      gaps.push({ name: `model_dil_v2.${name}`, at: 'message.metadata.model_dil_v2' });
  for (const name of componentNames(dil))
    if (!KNOWN_COMPONENTS.has(name))
      gaps.push({ name, at: 'message.metadata.model_dil_v2.requiredComponents[]' });
  for (const { type } of widgetsOf(metadata))
    if (type !== MEMORY_TYPE && WIDGET_NAMES[type] === undefined)
      gaps.push({ name: type || '(none)', at: 'message.metadata.genui_components[].type' });
  return gaps;
}

/**
 * A line of the program, not of its Markdown: a state line, a block, a tag, code, or words that show the
 * program's state (`You picked {picked}.`), which only the running program fills in.
 */
const PROGRAM_LINE = /^\s*(?:[{}]|<\/?[A-Za-z][\w-]*(?:[\s/>]|$))|DIL\.|\{[A-Za-z_$][\w$.]*\}/;

/** A component or tag inside a Markdown line: `<MemoryCite id="m1"/>`, `<badge>`, `</badge>`. */
const INLINE_TAG = /<\/?([A-Za-z][\w-]*)(?:\s[^<>]*)?\/?>/g;

/**
 * A Markdown line with its inline tags out, their words kept; a memory citation as the site's own memory
 * marker, which the sources feature shows as "Memory" (site-interface 10.5).
 */
const withoutInlineTags = (line: string): string =>
  line.replace(INLINE_TAG, (_tag, name: string) => (name === 'MemoryCite' ? '\ue200memcite\ue201' : ''));

/**
 * The program's Markdown lines: every line of a state line, block or tag left out, a tag or block that
 * spans lines to its end, and the tags inside the lines kept.
 */
export function withoutProgramLines(program: string): string {
  const kept: string[] = [];
  let open: '>' | '}' | null = null;
  for (const line of program.split('\n')) {
    if (open !== null) {
      if (line.includes(open)) open = null;
      continue;
    }
    if (!PROGRAM_LINE.test(line)) {
      kept.push(withoutInlineTags(line));
      continue;
    }
    const start = line.trimStart()[0];
    if (start === '<' && !line.includes('>')) open = '>';
    else if (start === '{' && !line.includes('}')) open = '}';
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A component result's cited pages, as the items of a grouped_webpages reference. */
function pagesOf(result: JsonRecord): JsonRecord[] {
  const state = isRecord(result.state) ? result.state : result;
  const items = readArray(state.items).flatMap((item) => {
    const url = isRecord(item) ? readString(item.url) : null;
    if (url === null || !isRecord(item)) return [];
    return [{ url, title: readString(item.title), attribution: readString(item.source_label) }];
  });
  if (items.length > 0) return items;
  return readArray(result.safe_urls).flatMap((url) =>
    typeof url === 'string' ? [{ url, title: null, attribution: null }] : [],
  );
}

function componentResults(dil: JsonRecord): JsonRecord {
  const appData = ownMember(dil, 'appData');
  const genui = isRecord(appData) ? ownMember(appData, 'opGenui') : undefined;
  const results = isRecord(genui) ? ownMember(genui, 'componentResults') : undefined;
  return isRecord(results) ? results : {};
}

/** A memory citation: a `memory_cite` part names its id, or the result names itself a memory. */
function isMemory(id: string, result: JsonRecord, widgets: readonly Widget[]): boolean {
  if (widgets.some((widget) => widget.type === MEMORY_TYPE && widget.id === id)) return true;
  const named = readString(result.type) ?? readString(result.component) ?? '';
  return /memory/i.test(named);
}

interface Citations {
  references: JsonRecord[];
  memories: JsonRecord[];
}

/** Each `cite` marker that names component results, as the reference that resolves it. */
function citationsIn(text: string, dil: JsonRecord, widgets: readonly Widget[]): Citations {
  const results = componentResults(dil);
  const references: JsonRecord[] = [];
  const memories: JsonRecord[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(CITE_MARKER)) {
    const marker = match[0];
    if (seen.has(marker)) continue;
    seen.add(marker);
    const items: JsonRecord[] = [];
    let memory: string | null = null;
    for (const id of (match[1] ?? '').split('\ue202')) {
      const result = id === '' ? undefined : ownMember(results, id);
      if (!isRecord(result)) continue;
      if (isMemory(id, result, widgets)) memory ??= id;
      else items.push(...pagesOf(result));
    }
    if (items.length === 0 && memory === null) continue;
    const reference: JsonRecord = { type: 'grouped_webpages', matched_text: marker, items };
    // A memory is no page: the sources feature shows it as "Memory" by its entry (memory-citations.ts).
    if (items.length === 0 && memory !== null) {
      reference.citation_uuid = memory;
      memories.push({ citation_uuid: memory, citation: { conversation_context_type: 'user_memory' } });
    }
    references.push(reference);
  }
  return { references, memories };
}

/**
 * The interactive parts named: each widget marker in its place, paired with the parts in their order; the
 * parts no marker places, after the text. A memory citation is a citation, not a part.
 */
function withWidgetsNamed(text: string, widgets: readonly Widget[]): string {
  const parts = widgets.filter((widget) => widget.type !== MEMORY_TYPE);
  const byId = new Map(parts.flatMap((part) => (part.id === null ? [] : [[part.id, part] as const])));
  const placed = new Set<Widget>();
  const nameOf = (part: Widget | undefined): string =>
    widgetLine(part === undefined ? UNKNOWN_WIDGET : (WIDGET_NAMES[part.type] ?? UNKNOWN_WIDGET));
  const named = text.replace(WIDGET_MARKER, (_marker, id: string) => {
    const part = byId.get(id) ?? parts.find((candidate) => !placed.has(candidate));
    if (part !== undefined) placed.add(part);
    return nameOf(part);
  });
  const rest = parts.filter((part) => !placed.has(part)).map(nameOf);
  return rest.length === 0 ? named : [named.trimEnd(), ...rest].join('\n\n');
}

/**
 * The text with the marker of each `client_defined_widget` reference written as a widget marker, whatever
 * form the site gave it, so that its part is named where it stood.
 */
function withWidgetReferencesMarked(text: string, metadata: JsonRecord): string {
  let marked = text;
  for (const reference of readArray(ownMember(metadata, 'content_references'))) {
    if (!isRecord(reference) || reference.type !== 'client_defined_widget') continue;
    const matched = readString(reference.matched_text);
    if (matched === null || matched === '' || !marked.includes(matched) || matched.startsWith(GENUI_OPEN))
      continue;
    const id = readIdentifier(reference.widget_id) ?? readIdentifier(reference.id) ?? '';
    marked = marked.replace(matched, `${GENUI_OPEN}\ue202${id}\ue201`);
  }
  return marked;
}

/** `model_dil_v2` with the program and any member not read left out, their names kept. */
function slimProgram(dil: JsonRecord): JsonRecord {
  const kept = (name: string): boolean => KNOWN_MEMBERS.has(name) && name !== 'code' && name !== 'constants';
  // fromEntries defines own members, so a "__proto__" member stays data instead of changing the prototype.
  return Object.fromEntries(
    Object.entries(dil).map(([name, value]) => [name, kept(name) ? value : PROGRAM_LEFT_OUT]),
  );
}

/** The answer's readable text and metadata; null when the message carries no UI program. */
export function readUiProgram(programText: string, metadata: JsonRecord): UiProgramReading | null {
  const dil = dilOf(metadata);
  if (dil === null) return null;
  const fallback = readString(ownMember(dil, 'fallbackMarkdown'));
  const kept = fallback ?? withoutProgramLines(programText);
  const widgets = widgetsOf(metadata);
  const base = fallback === null ? (kept === '' ? PROGRAM_NOTE : `${PROGRAM_NOTE}\n\n${kept}`) : kept;
  const marked = withWidgetReferencesMarked(base, metadata);
  const text =
    widgets.length === 0 && !marked.includes(GENUI_OPEN) ? marked : withWidgetsNamed(marked, widgets);
  const { references, memories } = citationsIn(text, dil, widgets);
  const slim: JsonRecord = { ...metadata, model_dil_v2: slimProgram(dil) };
  if (references.length > 0)
    slim.content_references = [...readArray(metadata.content_references), ...references];
  if (memories.length > 0)
    slim.conversation_context_citation_metadata = [
      ...readArray(metadata.conversation_context_citation_metadata),
      ...memories,
    ];
  return { text, metadata: slim };
}
