import { parseJson } from '@/lib/model/parse-json';

/**
 * The citation markers of an answer's text that no reference explains, found and replaced
 * (site-interface 10.5). A marker is `\ue200name\ue202arg…\ue201` in private-use characters, `【…†…】`
 * in deep research and older browsing, or a plain-text remnant where the private-use characters were lost
 * (`citeturn0search0turn0search6`, `fileciteturn0file0`, `entity["city","Lisbon","portugal"]`, `memcite`). After the sweep no private-use
 * character of U+E200–U+E2FF and no such marker is left in the text, whatever it held.
 */

/**
 * One cheap test a message must pass before any of the work below: most messages cite nothing. The words
 * come before the character class: V8 scans a text without a match about 1.6 times faster that way.
 */
export const MAY_HOLD_MARKER = /turn\d|entity\[|memcite|[\ue200-\ue2ff【]/;

const PRIVATE_USE = /[\ue200-\ue2ff]/g;
const ARGUMENT_SEPARATOR = '\ue202';
/** A JSON array of strings, as the entity marker carries it. */
const STRING_ARRAY = String.raw`\[\s*(?:"(?:[^"\\\n]|\\.)*"\s*,?\s*)*\]`;
const MARKER = new RegExp(
  [
    // A marker is one line: a stray start far from a stray end does not swallow the text between.
    String.raw`\ue200([^\ue200\ue201\n]*)\ue201`,
    String.raw`【([^【】†\n]*(?:†[^【】†\n]*)+)】`,
    // A cited upload's remnant keeps its `file`: `fileciteturn0file0` goes whole.
    String.raw`(?:file)?cite((?:turn\d+[a-z_]+\d+)+)`,
    `entity(${STRING_ARRAY})`,
    // A memory citation's remnant, a word of its own or right before another marker's remnant, which the
    // same sweep takes (site-interface 10.5).
    String.raw`(?<![A-Za-z])(memcite)(?=$|[^A-Za-z]|entity\[|(?:file)?citeturn\d)`,
  ].join('|'),
  'g',
);
const REF_ID = /turn\d+[a-z_]+\d+/g;

/**
 * What an unexplained marker shows: words (an entity's name), the pages of cited ids, a memory citation
 * (`memcite`), or nothing.
 */
export type MarkerReplacement =
  | { kind: 'words'; text: string }
  | { kind: 'ids'; ids: string[] }
  | { kind: 'memory' };

const MEMORY: MarkerReplacement = { kind: 'memory' };

/** The second member of an entity marker's array is the name it displays as (`["city","Lisbon",…]`). */
function entityName(arrayText: string | undefined): string | null {
  if (arrayText === undefined) return null;
  const parsed = parseJson(arrayText);
  if (!parsed.ok || !Array.isArray(parsed.value)) return null;
  const name = parsed.value[1] ?? parsed.value[0];
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

function privateUseMarker(payload: string): MarkerReplacement | null {
  const [name = '', ...args] = payload.split(ARGUMENT_SEPARATOR);
  if (name === 'cite') return { kind: 'ids', ids: args.flatMap((arg) => arg.match(REF_ID) ?? []) };
  if (name === 'memcite') return MEMORY;
  if (name === 'entity') {
    const words = entityName(args[0]);
    return words === null ? null : { kind: 'words', text: words };
  }
  return null;
}

/** `【0†Page title†example.com】` (a search result heading) shows its title; `【2†L142-L150】` nothing. */
function bracketMarker(inner: string): MarkerReplacement | null {
  const parts = inner.split('†');
  const title = parts.length >= 3 ? parts[1]?.trim() : undefined;
  return title ? { kind: 'words', text: title } : null;
}

function replacementOf(match: RegExpMatchArray): MarkerReplacement | null {
  const [, payload, bracketed, plainIds, plainEntity, plainMemory] = match;
  if (payload !== undefined) return privateUseMarker(payload);
  if (bracketed !== undefined) return bracketMarker(bracketed);
  if (plainIds !== undefined) return { kind: 'ids', ids: plainIds.match(REF_ID) ?? [] };
  if (plainMemory !== undefined) return MEMORY;
  const words = entityName(plainEntity);
  return words === null ? null : { kind: 'words', text: words };
}

export type SweptPiece<T> = string | T;

/**
 * The text before a marker that shows nothing, tidied: the space that stood before the marker goes when
 * punctuation follows it ("its lanes 【7†L3-L9】." reads "its lanes."), and a marker alone on its line (an
 * image carousel) leaves no empty lines behind.
 */
export function beforeRemovedMarker(before: string, nextCharacter: string | undefined): string {
  if (nextCharacter === undefined || nextCharacter === '\n') return before.replace(/\s+$/, '');
  return /[\s.,;:!?)\]]/.test(nextCharacter) ? before.replace(/[ \t]+$/, '') : before;
}

/**
 * The text split into its own text and what stands for each marker. `resolve` turns a marker into the
 * caller's piece (or null: the marker shows nothing); it gets the marker's own text first, so a reference
 * whose matched_text the marker is can answer for it. Text around a removed marker is swept again, as the
 * two sides can form a new marker.
 */
export function sweepMarkers<T>(
  text: string,
  resolve: (marker: string, replacement: MarkerReplacement | null) => T | null,
): Array<SweptPiece<T>> {
  if (!MAY_HOLD_MARKER.test(text)) return text === '' ? [] : [text];
  const pieces: Array<SweptPiece<T>> = [];
  let pending = '';
  let removedAny = false;
  const flush = () => {
    const cleaned = pending.replace(PRIVATE_USE, '');
    if (cleaned.length < pending.length || removedAny) pieces.push(...sweepAgain(cleaned, resolve));
    else if (cleaned !== '') pieces.push(cleaned);
    pending = '';
    removedAny = false;
  };
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const start = match.index ?? 0;
    pending += text.slice(last, start);
    last = start + match[0].length;
    const piece = resolve(match[0], replacementOf(match));
    if (piece === null) {
      // The text on both sides now meets: it is swept again, as it can form a new marker.
      pending = beforeRemovedMarker(pending, text[last]);
      removedAny = true;
      continue;
    }
    flush();
    pieces.push(piece);
  }
  pending += text.slice(last);
  flush();
  return pieces;
}

/** Text that changed by a removal is swept once more; it is shorter each time, so this ends. */
function sweepAgain<T>(
  text: string,
  resolve: (marker: string, replacement: MarkerReplacement | null) => T | null,
): Array<SweptPiece<T>> {
  if (!MAY_HOLD_MARKER.test(text)) return text === '' ? [] : [text];
  return sweepMarkers(text, resolve);
}

/**
 * Text for a title, name or label: every marker removed, an entity shown by its name. A name can itself
 * hold a marker, so the text is swept until nothing changes; it gets shorter each time.
 */
export function withoutMarkers(text: string): string {
  let current = text;
  while (MAY_HOLD_MARKER.test(current)) {
    const swept = sweepMarkers(current, (_marker, replacement) =>
      replacement?.kind === 'words' ? replacement.text : null,
    ).join('');
    if (swept === current) break;
    current = swept;
  }
  return current;
}
