import { describe, expect, it } from 'vitest';
import { inParts } from '@/lib/export/in-parts';

describe('inParts', () => {
  it('joins pieces in order into parts of at least the length, the last one shorter', () => {
    expect([...inParts(['ab', 'c', 'defg', 'h', 'i'], 3)]).toEqual(['abc', 'defg', 'hi']);
  });

  it('gives no part for no text, and a piece longer than a part whole', () => {
    expect([...inParts([], 3)]).toEqual([]);
    expect([...inParts(['', ''], 3)]).toEqual([]);
    expect([...inParts(['abcdefgh'], 3)]).toEqual(['abcdefgh']);
  });
});
