/**
 * A canvas update's Python regular expression and replacement template (site-interface 10.9: `pattern` is
 * used with `re.finditer`, `replacement` with `re.Match.expand`) applied with JavaScript's engine. What the
 * two dialects write differently is translated; what JavaScript cannot do (verbose mode, a Python-only
 * construct) makes the update unreadable, never a wrong document.
 */
export interface PythonUpdate {
  pattern: string;
  replacement: string;
  /** Every match replaced; false replaces the first only. */
  multiple: boolean;
}

interface Translated {
  source: string;
  flags: string;
}

const LEADING_FLAGS = /^\(\?([aiLmsux]+)\)/;

/** The pattern in JavaScript's dialect; null when it holds what JavaScript cannot express. */
export function translatePattern(pattern: string): Translated | null {
  // The canvas tool matches across lines: its full rewrite `.*` replaces the whole document.
  const flags = new Set(['s']);
  let rest = pattern;
  const leading = LEADING_FLAGS.exec(rest);
  if (leading !== null) {
    for (const flag of leading[1] ?? '') {
      if (flag === 'x') return null;
      if (flag === 'i' || flag === 'm' || flag === 's') flags.add(flag);
    }
    rest = rest.slice(leading[0].length);
  }
  let source = '';
  let inClass = false;
  for (let at = 0; at < rest.length; at += 1) {
    const character = rest[at] as string;
    if (character === '\\') {
      const next = rest[at + 1];
      at += 1;
      if (next === undefined) return null;
      // \A and \Z: the very start and end, whatever the flags.
      if (!inClass && next === 'A') source += '(?<![\\s\\S])';
      else if (!inClass && next === 'Z') source += '(?![\\s\\S])';
      else source += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      source += character;
      continue;
    }
    if (character === '[') {
      inClass = true;
      source += character;
      // A `]` first in a class is a literal in Python; JavaScript would end the class there.
      if (rest[at + 1] === '^') {
        source += '^';
        at += 1;
      }
      if (rest[at + 1] === ']') {
        source += '\\]';
        at += 1;
      }
      continue;
    }
    if (character === '(' && rest.startsWith('(?P<', at)) {
      source += '(?<';
      at += 3;
      continue;
    }
    if (character === '(' && rest.startsWith('(?P=', at)) {
      const end = rest.indexOf(')', at);
      if (end < 0) return null;
      source += `\\k<${rest.slice(at + 4, end)}>`;
      at = end;
      continue;
    }
    if (character === '(' && rest.startsWith('(?#', at)) {
      const end = rest.indexOf(')', at);
      if (end < 0) return null;
      at = end;
      continue;
    }
    if (character === '(' && /^\(\?[aiLmsux-]+[:)]/.test(rest.slice(at))) return null;
    source += character;
  }
  return { source, flags: [...flags].sort().join('') };
}

/** The compiled pattern, with Unicode semantics where JavaScript accepts it (Python's strings are Unicode). */
function compile(translated: Translated, global: boolean): RegExp | null {
  const flags = `${translated.flags}${global ? 'g' : ''}`;
  for (const unicode of ['u', '']) {
    try {
      return new RegExp(translated.source, `${flags}${unicode}`);
    } catch {
      // Unicode mode refuses escapes Python allows (`\-`, `\'`): tried again without it.
    }
  }
  return null;
}

type TemplatePiece = string | { group: number | string };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  f: '\f',
  v: '\v',
  a: '\u0007',
  b: '\b',
  '\\': '\\',
};

/** `re.Match.expand`'s template: `\1`, `\g<1>`, `\g<name>`, and the escapes of a Python string. */
function parseTemplate(template: string): TemplatePiece[] | null {
  const pieces: TemplatePiece[] = [];
  let literal = '';
  for (let at = 0; at < template.length; at += 1) {
    const character = template[at] as string;
    if (character !== '\\') {
      literal += character;
      continue;
    }
    const next = template[at + 1];
    if (next === undefined) return null;
    at += 1;
    const digits = /^\d{1,2}/.exec(template.slice(at))?.[0];
    const named = next === 'g' ? /^g<([^>]+)>/.exec(template.slice(at)) : null;
    let group: number | string | null = null;
    if (digits !== undefined && digits !== '0') {
      group = Number(digits);
      at += digits.length - 1;
    } else if (named !== null) {
      const name = named[1] as string;
      group = /^\d+$/.test(name) ? Number(name) : name;
      at += named[0].length - 1;
    } else if (SIMPLE_ESCAPES[next] !== undefined) {
      literal += SIMPLE_ESCAPES[next];
      continue;
    } else if (/[A-Za-z0-9]/.test(next)) {
      // Python refuses an unknown escape of a letter: the tool could not have applied it either.
      return null;
    } else {
      literal += `\\${next}`;
      continue;
    }
    if (literal !== '') pieces.push(literal);
    literal = '';
    pieces.push({ group });
  }
  if (literal !== '') pieces.push(literal);
  return pieces;
}

function expand(pieces: readonly TemplatePiece[], match: RegExpExecArray | string[], named: unknown): string {
  let text = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') text += piece;
    else if (typeof piece.group === 'number') text += match[piece.group] ?? '';
    else if (typeof named === 'object' && named !== null)
      text += (named as Record<string, string | undefined>)[piece.group] ?? '';
  }
  return text;
}

/** The whole document replaced: how the tool is told to rewrite a code canvas. */
const FULL_REWRITE = /^(?:\(\?s\))?\^?(?:\.\*|\[\\s\\S\]\*)\$?$/;

/**
 * The text after the update; null when it cannot be applied (a pattern JavaScript cannot read, a template
 * Python would refuse, or no match: the tool fails then too).
 */
export function applyPythonUpdate(text: string, update: PythonUpdate): string | null {
  const pieces = parseTemplate(update.replacement);
  if (pieces === null) return null;
  if (FULL_REWRITE.test(update.pattern)) return expand(pieces, [text], undefined);
  const translated = translatePattern(update.pattern);
  const regex = translated === null ? null : compile(translated, update.multiple);
  if (regex === null || !regex.test(text)) return null;
  regex.lastIndex = 0;
  return text.replace(regex, (...args: unknown[]) => {
    const last = args[args.length - 1];
    const named = typeof last === 'object' ? last : undefined;
    const groupsEnd = named === undefined ? args.length - 2 : args.length - 3;
    return expand(
      pieces,
      args.slice(0, groupsEnd).map((value) => (typeof value === 'string' ? value : '')),
      named,
    );
  });
}
