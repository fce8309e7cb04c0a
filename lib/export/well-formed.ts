/** Half of a surrogate pair alone: no character at all. */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * The text with each lone surrogate read as U+FFFD (as a UTF-8 encoder writes it). A string from JSON may
 * hold one; encodeURIComponent throws on it and no YAML escape can stand for it.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}
