import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPythonUpdate, translatePattern } from '@/lib/insights/python-regex';

const update = (pattern: string, replacement: string, multiple = true) => ({
  pattern,
  replacement,
  multiple,
});

describe('applyPythonUpdate (a canvas update, site-interface 10.9)', () => {
  it('rewrites the whole document with the full-rewrite pattern, across lines', () => {
    expect(applyPythonUpdate('one\ntwo\n', update('.*', 'three\n'))).toBe('three\n');
    expect(applyPythonUpdate('one\ntwo', update('^.*$', 'x'))).toBe('x');
  });

  it('replaces every match with multiple, the first only without', () => {
    expect(applyPythonUpdate('a-a-a', update('a', 'b'))).toBe('b-b-b');
    expect(applyPythonUpdate('a-a-a', update('a', 'b', false))).toBe('b-a-a');
  });

  it('reads named groups and their Python references in pattern and template', () => {
    const text = 'def total(costs):\n    return 1\n';
    expect(
      applyPythonUpdate(
        text,
        update('(?P<head>def (?P<name>\\w+))\\(', '\\g<head>_v2(  # \\g<name>\\n(', false),
      ),
    ).toBe('def total_v2(  # total\n(costs):\n    return 1\n');
    expect(applyPythonUpdate('abab', update('(?P<x>ab)(?P=x)', '[\\1]'))).toBe('[ab]');
  });

  it('writes numbered groups and a literal dollar sign as Python does', () => {
    expect(applyPythonUpdate('price 5', update('(\\d+)', '$\\1.00'))).toBe('price $5.00');
    expect(applyPythonUpdate('x', update('(x)', '\\g<1>\\g<0>'))).toBe('xx');
  });

  it('matches \\A and \\Z at the very start and end only', () => {
    expect(applyPythonUpdate('end\nend', update('end\\Z', 'END'))).toBe('end\nEND');
    expect(applyPythonUpdate('go go', update('\\Ago', 'GO'))).toBe('GO go');
  });

  it('takes leading inline flags and drops comments', () => {
    expect(applyPythonUpdate('Hello', update('(?i)hello(?#greeting)', 'bye'))).toBe('bye');
  });

  it('is not applied when nothing matches, the pattern cannot be read, or the template is refused', () => {
    expect(applyPythonUpdate('abc', update('xyz', 'q'))).toBeNull();
    expect(applyPythonUpdate('abc', update('(?x) a b c', 'q'))).toBeNull();
    expect(applyPythonUpdate('abc', update('(', 'q'))).toBeNull();
    expect(applyPythonUpdate('abc', update('a', '\\q'))).toBeNull();
  });

  it('reads a class whose first member is a closing bracket as Python does', () => {
    expect(translatePattern('[]a]')?.source).toBe('[\\]a]');
    expect(applyPythonUpdate('a]b', update('[]]', '!'))).toBe('a!b');
  });

  it('never throws, whatever the pattern, template and text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.string(),
        fc.boolean(),
        (text, pattern, replacement, multiple) => {
          const result = applyPythonUpdate(text, { pattern, replacement, multiple });
          expect(result === null || typeof result === 'string').toBe(true);
        },
      ),
    );
  });
});
