import { describe, expect, it } from 'vitest';
import { isRunItemSelected } from '@/components/library/account-run/account-run-selection';
import type { LibraryConversation } from '@/lens/library/library-record';
import type { AccountRunItem } from '@/lib/library/account-run-item';
import { libraryConversation, turn } from '@/tests/support/library-records';

const item = (members: Partial<AccountRunItem> = {}): AccountRunItem => ({
  id: 'c1',
  title: 'Lisbon trip',
  updateTime: 0,
  projectId: null,
  archived: false,
  state: 'done',
  attempts: 0,
  error: null,
  fetchedUpdateTime: 0,
  document: '2026/10/Lisbon trip.md',
  ...members,
});

const record = (createdAt: number | null, prompt = 'Where to eat?'): LibraryConversation =>
  libraryConversation('c1', [turn(1, { prompt, model: null })], {
    title: 'Lisbon trip',
    models: [],
    createdAt,
    updatedAt: createdAt,
    savedAt: 0,
    transport: 'unknown',
  });

const october20 = Date.UTC(2026, 9, 20, 9);

/** export-format "ZIP of many conversations": which of a run's conversations its ZIP holds. */
describe('isRunItemSelected', () => {
  it('takes every conversation without a selection, a dated one or not', () => {
    expect(isRunItemSelected(item(), record(null), {})).toBe(true);
  });

  it('keeps the days asked for, both ends included, and leaves out one of unknown start', () => {
    expect(isRunItemSelected(item(), record(october20), { since: '2026-10-20', until: '2026-10-20' })).toBe(
      true,
    );
    expect(isRunItemSelected(item(), record(october20), { since: '2026-10-21' })).toBe(false);
    expect(isRunItemSelected(item(), record(october20), { until: '2026-10-19' })).toBe(false);
    expect(isRunItemSelected(item(), record(null), { since: '2026-01-01' })).toBe(false);
  });

  it('keeps a project, or the conversations in none', () => {
    const inProject = item({ projectId: 'g-p-1' });
    expect(isRunItemSelected(inProject, record(october20), { project: 'g-p-1' })).toBe(true);
    expect(isRunItemSelected(inProject, record(october20), { project: 'none' })).toBe(false);
    expect(isRunItemSelected(item(), record(october20), { project: 'none' })).toBe(true);
  });

  it('finds a word in the title or a prompt, in any case', () => {
    expect(isRunItemSelected(item(), record(october20), { search: 'LISBON' })).toBe(true);
    expect(isRunItemSelected(item(), record(october20), { search: 'eat' })).toBe(true);
    expect(isRunItemSelected(item(), record(october20), { search: 'porto' })).toBe(false);
  });
});
