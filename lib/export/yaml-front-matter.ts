import { type ExportFieldValues, fillTemplate, onlyField, templateProblem } from './export-fields';
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

/**
 * The front matter a reader gets unless they chose their own (export-format "Templates"): one `key:
 * {field}` line each, in this order.
 */
export const DEFAULT_FRONT_MATTER_TEMPLATE = [
  'title: {title}',
  'id: {id}',
  'url: {url}',
  'created: {created}',
  'updated: {updated}',
  'model: {model}',
  'exported: {exported}',
].join('\n');

/** A key needs no quoting in any YAML reader, Obsidian's included: a letter or _, then letters, digits, _ or -. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

interface TemplateLine {
  key: string;
  value: string;
}

/** The template's lines as keys and value templates; blank lines are skipped. */
function templateLines(template: string): Array<TemplateLine | { problem: string }> {
  return template
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      if (colon === -1) return { problem: `"${line.trim()}" needs a key, a colon and a value.` };
      return { key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    });
}

/** What is wrong with a front-matter template, in words; null when it can be used. Empty: no front matter. */
export function frontMatterTemplateProblem(template: string): string | null {
  const keys = new Set<string>();
  for (const line of templateLines(template)) {
    if ('problem' in line) return line.problem;
    if (!PLAIN_KEY.test(line.key))
      return `"${line.key}" is not a plain key: use letters, digits, _ and -, starting with a letter.`;
    if (keys.has(line.key)) return `"${line.key}" is given twice.`;
    keys.add(line.key);
    const problem = templateProblem(line.value);
    if (problem !== null) return `${line.key}: ${problem}`;
  }
  return null;
}

/**
 * The entries a template makes, each value a string or null: a value that is one field alone stays null
 * where the conversation does not tell it. An empty template makes none.
 */
export function frontMatterEntries(
  template: string,
  values: ExportFieldValues,
): Array<readonly [key: string, value: string | null]> {
  return templateLines(template).flatMap((line) => {
    if ('problem' in line) return [];
    const field = onlyField(line.value);
    const value = field === null ? fillTemplate(line.value, values) : values[field];
    return [[line.key, line.value === '' ? null : value] as const];
  });
}
