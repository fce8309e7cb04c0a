import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorPosition } from '@/lib/model/json-error-position';
import { parseJson } from '@/lib/model/parse-json';

describe('parseJson', () => {
  it('returns the parsed value of valid JSON', () => {
    expect(parseJson('{"a":[1,"x",null]}')).toEqual({ ok: true, value: { a: [1, 'x', null] }, warnings: [] });
  });

  it.each([
    ['{"a":}', 5, 'line 1, column 6'],
    ['{"a":1} x', 8, 'line 1, column 9'],
    ['[1,\n 2,\n x]', 9, 'line 3, column 2'],
    ['{"a" 1}', 5, 'line 1, column 6'],
    ['"tab\there"', 4, 'line 1, column 5'],
    ["{'a':1}", 1, 'line 1, column 2'],
  ])('names where %j stops being JSON', (text, position, lineColumn) => {
    const result = parseJson(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('malformed-json');
    expect(result.error.message).toContain(`position ${position} (${lineColumn})`);
  });

  it('says a cut-off body ends early, at its length', () => {
    const result = parseJson('{"messages":[{"id":"m1"');
    expect(result.ok ? null : result.error.message).toContain('ends early at position 23');
  });

  it('reports an empty body as such', () => {
    const result = parseJson('  ');
    expect(result.ok ? null : result.error).toMatchObject({
      code: 'malformed-json',
      message: expect.stringMatching(/empty/),
    });
  });

  it('never quotes the body in its message', () => {
    const result = parseJson('{"accessToken":"secret-value", oops}');
    expect(result.ok ? '' : result.error.message).not.toContain('secret-value');
  });

  it('never throws, and agrees with JSON.parse, on any string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseJson(text);
        let parsed: { ok: boolean; value?: unknown } = { ok: false };
        try {
          parsed = { ok: true, value: JSON.parse(text) };
        } catch {}
        expect(result.ok).toBe(parsed.ok);
      }),
    );
  });

  it('round-trips any JSON value', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text), warnings: [] });
      }),
    );
  });
});

describe('jsonErrorPosition', () => {
  const jsonish = fc
    .array(
      fc.constantFrom(
        '{',
        '}',
        '[',
        ']',
        ':',
        ',',
        '"',
        '\\',
        'u',
        '1',
        '0',
        '-',
        '.',
        'e',
        'true',
        'null',
        ' ',
        'a',
      ),
      {
        maxLength: 14,
      },
    )
    .map((pieces) => pieces.join(''));

  it('finds an error exactly when JSON.parse does, within the text', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const position = jsonErrorPosition(text);
        expect(position === -1).toBe(valid);
        expect(position).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 3000 },
    );
  });

  it('survives nesting far deeper than any call stack', () => {
    const deep = `${'['.repeat(200_000)}x`;
    expect(jsonErrorPosition(deep)).toBe(200_000);
  });
});
