import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withUniqueKeys } from '@/components/views/unique-keys';

describe('withUniqueKeys', () => {
  it('numbers repeats so every key differs, items in their order', () => {
    expect(withUniqueKeys(['a', 'b', 'a', 'a'], (item) => item)).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['a#2', 'a'],
      ['a#3', 'a'],
    ]);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('x', 'y', 'x#2', 'z')), (items) => {
        const keyed = withUniqueKeys(items, (item) => item);
        expect(keyed.map(([, item]) => item)).toEqual(items);
        expect(new Set(keyed.map(([key]) => key)).size).toBe(items.length);
      }),
    );
  });
});
