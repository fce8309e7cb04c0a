import { describe, expect, it } from 'vitest';
import { importSummary } from '@/components/library/import/import-summary';
import { libraryConversation } from '@/tests/support/library-records';

describe('what an import came to', () => {
  const record = (id: string) => libraryConversation(id);

  it('counts what was written, what the library held as new, and what could not be read', () => {
    const incoming = ['a', 'b', 'c', 'c', 'd'].map(record);
    expect(importSummary(incoming, [record('a'), record('b')], 1)).toBe(
      'Imported 2 conversations, 2 already newer, 1 skipped.',
    );
    expect(importSummary([record('a')], [record('a')], 0)).toBe('Imported 1 conversation.');
    expect(importSummary([], [], 0)).toBe('Imported 0 conversations.');
  });
});
