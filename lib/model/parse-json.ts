import { jsonErrorPosition } from './json-error-position';
import { fail, ok, type Result } from './result';

/** 1-based line and column of an index, for the error message. */
function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let cursor = text.indexOf('\n');
    cursor !== -1 && cursor < index;
    cursor = text.indexOf('\n', cursor + 1)
  ) {
    line += 1;
    lineStart = cursor + 1;
  }
  return { line, column: index - lineStart + 1 };
}

/**
 * JSON.parse that never throws: a malformed body becomes a 'malformed-json' error naming the position where
 * the text stops being JSON (architecture "Tolerant reader": malformed input gives a typed error with a clear
 * message).
 * The message quotes no part of the body, which may hold values that must not be logged.
 */
export function parseJson(text: string): Result<unknown> {
  if (typeof text !== 'string') return fail('malformed-json', 'The body is not text, so it cannot be JSON.');
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    if (text.trim() === '') return fail('malformed-json', 'The body is empty, not JSON.');
    const position = Math.max(0, jsonErrorPosition(text));
    const { line, column } = lineAndColumn(text, position);
    const where = position >= text.length ? 'ends early' : 'is not valid';
    return fail(
      'malformed-json',
      `The body is not valid JSON: it ${where} at position ${position} (line ${line}, column ${column}).`,
    );
  }
}
