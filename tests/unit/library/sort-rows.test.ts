import { describe, expect, it } from 'vitest';
import { sortRows } from '@/lens/library/grids';

interface Row {
  id: number;
  name: string | null;
  count: number | null;
  flag: boolean;
}

const rows: readonly Row[] = [
  { id: 1, name: 'page 10', count: 3, flag: true },
  { id: 2, name: null, count: 1, flag: false },
  { id: 3, name: 'page 2', count: null, flag: true },
  { id: 4, name: 'Apple', count: 3, flag: false },
  { id: 5, name: 'page 2', count: Number.NaN, flag: true },
];

const ids = (sorted: Row[]) => sorted.map((row) => row.id);

describe('sortRows', () => {
  it('orders text as a reader does, numbers inside it by value, rows without a value last both ways', () => {
    expect(ids(sortRows(rows, 'name', 'ascending'))).toEqual([4, 3, 5, 1, 2]);
    expect(ids(sortRows(rows, 'name', 'descending'))).toEqual([1, 3, 5, 4, 2]);
  });

  it('orders numbers by value, keeps equal rows in their order, and puts unknown numbers last', () => {
    expect(ids(sortRows(rows, 'count', 'ascending'))).toEqual([2, 1, 4, 3, 5]);
    expect(ids(sortRows(rows, 'count', 'descending'))).toEqual([1, 4, 2, 3, 5]);
  });

  it('orders false before true', () => {
    expect(ids(sortRows(rows, 'flag', 'ascending'))).toEqual([2, 4, 1, 3, 5]);
    expect(ids(sortRows(rows, 'flag', 'descending'))).toEqual([1, 3, 5, 2, 4]);
  });

  it('leaves the rows it was given as they were', () => {
    const given = [...rows];
    sortRows(given, 'id', 'descending');
    expect(given).toEqual(rows);
    expect(sortRows([], 'id', 'ascending')).toEqual([]);
  });
});
