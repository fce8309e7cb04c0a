import { describe, expect, it } from 'vitest';
import { foldEmptyWeeks, weekOf, weekRange } from '@/lib/library/week';

describe('weekOf', () => {
  it('names a moment by the Monday of its week in UTC, and an unknown moment by null', () => {
    expect(weekOf(Date.UTC(2026, 10, 29, 23, 59))).toBe('2026-11-23');
    expect(weekOf(Date.UTC(2026, 10, 30))).toBe('2026-11-30');
    expect(weekOf(null)).toBeNull();
    expect(weekOf(Number.NaN)).toBeNull();
  });
});

describe('weekRange', () => {
  it('lists every week from the earliest to the latest, in any order given, and passes over non-dates', () => {
    expect(weekRange(['2026-11-23', 'someday', '2026-11-02', '2026-11-09'])).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(weekRange(['2026-12-28', '2027-01-04'])).toEqual(['2026-12-28', '2027-01-04']);
    expect(weekRange([])).toEqual([]);
  });
});

describe('foldEmptyWeeks', () => {
  const week = (name: string, count: number) => ({ week: name, count });
  const weeks = [
    week('2026-09-07', 2),
    week('2026-09-14', 0),
    week('2026-09-21', 1),
    week('2026-09-28', 0),
    week('2026-10-05', 0),
    week('2026-10-12', 0),
    week('2026-10-19', 4),
  ];
  const isEmpty = (item: { count: number }) => item.count === 0;

  it('folds a run of two or more empty weeks into one line and keeps a lone empty week', () => {
    expect(foldEmptyWeeks(weeks, isEmpty)).toEqual([
      { item: weeks[0] },
      { item: weeks[1] },
      { item: weeks[2] },
      { empty: { weeks: 3, first: '2026-09-28', last: '2026-10-12' } },
      { item: weeks[6] },
    ]);
  });

  it('names a run oldest first in a table newest first, and folds a run at either end', () => {
    const newestFirst = [week('2026-10-05', 0), week('2026-09-28', 0), week('2026-09-21', 1)];
    expect(foldEmptyWeeks(newestFirst, isEmpty)).toEqual([
      { empty: { weeks: 2, first: '2026-09-28', last: '2026-10-05' } },
      { item: newestFirst[2] },
    ]);
    expect(foldEmptyWeeks([], isEmpty)).toEqual([]);
  });
});
