import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPointerOp, pointerTokens } from '@/lib/model/json-pointer-ops';

const holder = (document: unknown) => ({ document: structuredClone(document) });

describe('pointerTokens (RFC 6901)', () => {
  it('reads the whole document, paths, and escaped slashes and tildes', () => {
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('/message/content/parts/0')).toEqual(['message', 'content', 'parts', '0']);
    expect(pointerTokens('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerTokens('message')).toBeNull();
  });
});

describe('applyPointerOp: the v1 delta operations (site-interface 10.6)', () => {
  it('appends to a string, a list and an object, and sets what was not there', () => {
    const doc = holder({ text: 'Hel', list: [1], meta: { a: 1 } });
    expect(applyPointerOp(doc, ['text'], 'append', 'lo')).toBe(true);
    expect(applyPointerOp(doc, ['list'], 'append', [2, 3])).toBe(true);
    expect(applyPointerOp(doc, ['list'], 'append', 4)).toBe(true);
    expect(applyPointerOp(doc, ['meta'], 'append', { b: 2 })).toBe(true);
    expect(applyPointerOp(doc, ['fresh'], 'append', 'x')).toBe(true);
    expect(doc.document).toEqual({ text: 'Hello', list: [1, 2, 3, 4], meta: { a: 1, b: 2 }, fresh: 'x' });
  });

  it('adds, replaces and removes in objects and lists, and says when a pointer names nothing', () => {
    const doc = holder({ refs: [{ type: 'hidden', invalid: true }, { type: 'x' }] });
    expect(applyPointerOp(doc, ['refs', '0'], 'replace', { type: 'webpage' })).toBe(true);
    expect(applyPointerOp(doc, ['refs', '1', 'type'], 'remove', undefined)).toBe(true);
    expect(applyPointerOp(doc, ['refs', '-'], 'add', { type: 'y' })).toBe(true);
    expect(applyPointerOp(doc, ['refs', '7'], 'replace', 1)).toBe(false);
    expect(applyPointerOp(doc, ['missing', 'deep'], 'replace', 1)).toBe(false);
    expect(applyPointerOp(doc, ['refs', '0', 'type'], 'append', 5)).toBe(false);
    expect(doc.document).toEqual({ refs: [{ type: 'webpage' }, {}, { type: 'y' }] });
  });

  it('replaces or merges the whole document at ""', () => {
    const doc = holder({ a: 1 });
    expect(applyPointerOp(doc, [], 'append', { b: 2 })).toBe(true);
    expect(doc.document).toEqual({ a: 1, b: 2 });
    expect(applyPointerOp(doc, [], 'replace', 'x')).toBe(true);
    expect(doc.document).toBe('x');
    expect(applyPointerOp(doc, [], 'remove', undefined)).toBe(false);
  });

  it('never walks into or writes a prototype', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const doc = holder({ a: {} });
      expect(applyPointerOp(doc, [key, 'polluted'], 'replace', true)).toBe(false);
      expect(applyPointerOp(doc, ['a', key], 'replace', { polluted: true })).toBe(false);
      expect(applyPointerOp(doc, ['a'], 'append', JSON.parse(`{"${key}": {"polluted": true}}`))).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws, whatever the document, path and value', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.oneof(fc.string(), fc.constantFrom('0', '-', '1')), { maxLength: 4 }),
        fc.constantFrom('add' as const, 'append' as const, 'replace' as const, 'remove' as const),
        fc.jsonValue(),
        (document, tokens, op, value) => {
          expect(typeof applyPointerOp(holder(document), tokens, op, value)).toBe('boolean');
        },
      ),
    );
  });
});
