/**
 * Where a text stops being JSON, for an error message a user can act on. JSON.parse reports a position
 * only for some errors and in engine-specific wording, so the failure path scans the text itself. It
 * runs only after JSON.parse failed, and keeps its own stack so deep nesting cannot overflow it.
 */
type Expecting =
  | 'value'
  | 'value-or-close-array'
  | 'key'
  | 'key-or-close-object'
  | 'colon'
  | 'comma-or-close'
  | 'end';

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const escapes = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const hex = /^[0-9a-fA-F]{4}$/;

function isWhitespace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

/** Index after the closing quote of the string opening at `start`, or -(error index) - 1. */
function scanString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === 0x22) return index + 1;
    if (char < 0x20) return -index - 1;
    if (char === 0x5c) {
      const escaped = text[index + 1];
      if (escaped === 'u') {
        if (!hex.test(text.slice(index + 2, index + 6))) return -index - 1;
        index += 6;
        continue;
      }
      if (escaped === undefined || !escapes.has(escaped)) return -index - 1;
      index += 2;
      continue;
    }
    index += 1;
  }
  return -text.length - 1;
}

/** Index after the scalar value at `start`, or -(error index) - 1. */
function scanScalar(text: string, start: number): number {
  const char = text[start];
  if (char === '"') return scanString(text, start);
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, start)) return start + literal.length;
  }
  numberPattern.lastIndex = start;
  return numberPattern.test(text) ? numberPattern.lastIndex : -start - 1;
}

/** The index of the first character that makes `text` invalid JSON; text.length for a cut-off text. */
export function jsonErrorPosition(text: string): number {
  const open: string[] = [];
  let expecting: Expecting = 'value';
  let index = 0;
  const afterValue = (): Expecting => (open.length === 0 ? 'end' : 'comma-or-close');
  while (index <= text.length) {
    while (isWhitespace(text[index])) index += 1;
    const char = text[index];
    if (char === undefined) return expecting === 'end' ? -1 : text.length;
    switch (expecting) {
      case 'end':
        return index;
      case 'colon':
        if (char !== ':') return index;
        expecting = 'value';
        index += 1;
        continue;
      case 'comma-or-close': {
        const container = open[open.length - 1];
        if (char === ',') expecting = container === '{' ? 'key' : 'value';
        else if ((char === ']' && container === '[') || (char === '}' && container === '{')) {
          open.pop();
          expecting = afterValue();
        } else return index;
        index += 1;
        continue;
      }
      case 'key':
      case 'key-or-close-object': {
        if (char === '}' && expecting === 'key-or-close-object') {
          open.pop();
          expecting = afterValue();
          index += 1;
          continue;
        }
        if (char !== '"') return index;
        const end = scanString(text, index);
        if (end < 0) return -end - 1;
        expecting = 'colon';
        index = end;
        continue;
      }
      case 'value':
      case 'value-or-close-array': {
        if (char === ']' && expecting === 'value-or-close-array') {
          open.pop();
          expecting = afterValue();
          index += 1;
          continue;
        }
        if (char === '{' || char === '[') {
          open.push(char);
          expecting = char === '{' ? 'key-or-close-object' : 'value-or-close-array';
          index += 1;
          continue;
        }
        const end = scanScalar(text, index);
        if (end < 0) return -end - 1;
        expecting = afterValue();
        index = end;
      }
    }
  }
  return text.length;
}
