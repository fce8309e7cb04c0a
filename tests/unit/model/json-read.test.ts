import { describe, expect, it } from 'vitest';
import { readFlag, readIdentifier, readTimeMs } from '@/lib/model/json-read';

describe('readTimeMs', () => {
  it('reads epoch seconds with a fraction, epoch milliseconds and ISO strings as epoch ms', () => {
    const expected = Date.UTC(2026, 9, 1, 8, 0, 0, 500);
    expect(readTimeMs(expected / 1000)).toBe(expected);
    expect(readTimeMs(expected)).toBe(expected);
    expect(readTimeMs(new Date(expected).toISOString())).toBe(expected);
    expect(readTimeMs(String(expected / 1000))).toBe(expected);
  });

  it('answers null for what is no time', () => {
    for (const value of [null, undefined, '', 'soon', Number.NaN, -5, {}, []])
      expect(readTimeMs(value)).toBeNull();
  });
});

describe('readFlag', () => {
  it('accepts booleans and their drifting spellings, and nothing else', () => {
    expect([true, 'true', 1].map(readFlag)).toEqual([true, true, true]);
    expect([false, 'false', 0].map(readFlag)).toEqual([false, false, false]);
    expect([null, 'yes', 2, {}].map(readFlag)).toEqual([null, null, null, null]);
  });
});

describe('readIdentifier', () => {
  it('takes non-empty strings and finite numbers', () => {
    expect([
      readIdentifier('a1'),
      readIdentifier(7),
      readIdentifier(''),
      readIdentifier(Number.POSITIVE_INFINITY),
    ]).toEqual(['a1', '7', null, null]);
  });
});
