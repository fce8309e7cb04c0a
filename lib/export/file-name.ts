import type { Conversation } from '@/lib/model/conversation';
import { exportFieldValues, fillTemplate } from './export-fields';

/**
 * The name an export is saved under: `<date> <title>.<extension>`, e.g. `2026-11-20 Cast-iron skillet
 * advice.md`. It must be accepted by Windows, macOS and Linux alike, whatever the title holds, so every
 * rule below is the strictest of the three (export-format "File names").
 */

/** Characters Windows forbids in a name; `/` is also the path separator everywhere else. */
const FORBIDDEN_CHARACTERS = /[<>:"/\\|?*]/g;
/**
 * Control characters, lone surrogates (no file system can store them as UTF-8), the byte-order mark and the
 * bidirectional controls, which can make a name display other than it is ("txt.exe" shown as "exe.txt").
 * Joiners stay: emoji sequences need them.
 */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;
/** Any run of white space (including U+2028 and no-break spaces) reads as one plain space. */
const WHITE_SPACE = /[\s\p{Z}]+/gu;
/** Windows strips trailing dots and spaces, so a name ending in one would not be the name asked for. */
const TRAILING_DOTS_AND_SPACES = /[. ]+$/;
/** Windows device names, in any case, with or without an extension (COM¹ to COM³ count too). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i;

/** Characters of the name before its extension: short enough for every file system and still readable. */
const MAX_FILE_STEM_LENGTH = 80;
/** ext4 and APFS count bytes (255 at most); the stem stays well below whatever extension follows. */
const MAX_FILE_STEM_BYTES = 200;
const ID_PREFIX_LENGTH = 8;

const utf8 = new TextEncoder();
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Text that is safe inside a file name: no forbidden or invisible characters, single spaces, NFC (macOS
 * and Windows would otherwise show two names that look alike). Normalized last, because taking out an
 * invisible character can bring a letter and its accent together.
 */
function cleanText(text: string): string {
  return text
    .replace(WHITE_SPACE, ' ')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(FORBIDDEN_CHARACTERS, (character) => ('/\\|'.includes(character) ? '-' : ' '))
    .replace(WHITE_SPACE, ' ')
    .trim()
    .normalize('NFC');
}

/** Whole characters (grapheme clusters) only, so an emoji or an accented letter is never cut in half. */
function truncate(text: string, maxLength: number, maxBytes: number): string {
  let kept = '';
  let length = 0;
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    const segmentLength = [...segment].length;
    const segmentBytes = utf8.encode(segment).length;
    if (length + segmentLength > maxLength || bytes + segmentBytes > maxBytes) break;
    kept += segment;
    length += segmentLength;
    bytes += segmentBytes;
  }
  return kept;
}

/** A Windows device name, also as the part before the first dot ("nul.tar.gz"). */
function isWindowsReserved(stem: string): boolean {
  return WINDOWS_RESERVED.test(stem.split('.')[0]?.replace(TRAILING_DOTS_AND_SPACES, '') ?? '');
}

function fitted(text: string, maxLength: number): string {
  return truncate(text, maxLength, MAX_FILE_STEM_BYTES).replace(TRAILING_DOTS_AND_SPACES, '');
}

/**
 * Any text as a safe stem of at most `maxLength` characters; '' when nothing usable is left. Leading dots
 * go too: on macOS and Linux they would hide the file.
 */
export function safeFileStem(text: string, maxLength = MAX_FILE_STEM_LENGTH): string {
  const stem = fitted(cleanText(text).replace(/^[ .]+/, ''), maxLength);
  if (stem === '') return '';
  return isWindowsReserved(stem) ? fitted(`_${stem}`, maxLength) : stem;
}

function fallbackTitle(conversation: Conversation): string {
  const idPrefix = safeFileStem(conversation.id ?? '', ID_PREFIX_LENGTH).replace(/[ .]/g, '');
  return idPrefix === '' ? 'chat' : `chat-${idPrefix}`;
}

/** How an export is named unless the user chose otherwise: files sort by the day they started. */
export const DEFAULT_FILE_NAME_TEMPLATE = '{date} {title}';

/**
 * The template's fields filled in, each cleaned as a name on its own, then the whole cleaned and cut to fit;
 * the title is `chat-<id prefix>` when nothing is left of it, and so is the name. The default template gives
 * `<YYYY-MM-DD> <title>.<extension>`, the date of the conversation's start. The extension may be given with
 * or without its dot. A template `templateProblem` refuses is not used here: the settings and `inspect`
 * check it where it is chosen.
 */
export function exportFileName(
  conversation: Conversation,
  extension: string,
  now: Date,
  template: string = DEFAULT_FILE_NAME_TEMPLATE,
): string {
  const filled = fillTemplate(template, exportFieldValues(conversation, now), (value, field) => {
    if (field === 'title') return safeFileStem(value ?? '') || fallbackTitle(conversation);
    if (field === 'date') return value ?? 'undated';
    return safeFileStem(value ?? '', MAX_FILE_STEM_BYTES);
  });
  const stem = safeFileStem(filled) || fallbackTitle(conversation);
  // Only letters and digits: the exporters' own extensions (md, json, csv) need nothing else.
  const cleanExtension = extension.replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
  return cleanExtension === '' ? stem : `${stem}.${cleanExtension}`;
}
