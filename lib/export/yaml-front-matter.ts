import { wellFormed } from './well-formed';

/**
 * YAML front matter for the Markdown export. Every value is written as a double-quoted scalar with
 * everything YAML could read otherwise escaped, so a title such as `yes`, `null`, `- item`, `key: value`,
 * `"quoted"`, a line break or `---` stays the plain string it is (YAML 1.2, sections 5.1 and 7.3.1).
 */
const NAMED_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['\\', '\\\\'],
  ['"', '\\"'],
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
]);

/**
 * C0 and C1 controls, DEL, U+0085/U+2028/U+2029 (line breaks to YAML 1.1 readers), the byte-order mark and
 * U+FFFE/U+FFFF: none may appear raw in a YAML stream (outside c-printable).
 */
const NEEDS_ESCAPE = /[\\"\p{Cc}\u2028\u2029\ufeff\ufffe\uffff]/gu;

function escapeCharacter(character: string): string {
  const named = NAMED_ESCAPES.get(character);
  if (named !== undefined) return named;
  const code = character.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

export function yamlString(text: string): string {
  return `"${wellFormed(text).replace(NEEDS_ESCAPE, escapeCharacter)}"`;
}

/** `---`, one `key: value` line per entry (the keys are the exporter's own plain words), `---`. */
export function frontMatter(entries: ReadonlyArray<readonly [key: string, value: string | null]>): string {
  const lines = entries.map(([key, value]) => `${key}: ${value === null ? 'null' : yamlString(value)}`);
  return ['---', ...lines, '---', ''].join('\n');
}
