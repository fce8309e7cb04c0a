import { describe, expect, it } from 'vitest';
import { libraryGrids, NO_FILTER } from '@/lens/library/grids';
import { libraryFileText, readLibraryFile } from '@/lens/library/library-file';
import { generateLibrary, type LibrarySize, messagesIn, pagesIn } from '@/tests/support/generated-library';

const size = (partial: Partial<LibrarySize>): LibrarySize => ({
  conversations: 12,
  pagesPerConversation: 40,
  turnsPerConversation: 6,
  seed: 7,
  ...partial,
});

describe('a generated library', () => {
  it.each([
    [12, 40, 6],
    [5, 7, 5],
    [3, 1, 1],
    [4, 0, 3],
  ])(
    'of %i conversations of %i pages over %i turns holds exactly those page rows',
    (conversations, pagesPerConversation, turnsPerConversation) => {
      const records = generateLibrary(size({ conversations, pagesPerConversation, turnsPerConversation }));
      expect(records).toHaveLength(conversations);
      for (const record of records) {
        expect(record.turns.filter((turn) => turn.prompt !== null)).toHaveLength(turnsPerConversation);
        expect(pagesIn([record])).toBe(pagesPerConversation);
      }
      expect(pagesIn(records)).toBe(conversations * pagesPerConversation);
      // Each page is one of its own, so the library page's Pages table has a row for every one.
      expect(libraryGrids(records).pages(NO_FILTER)).toHaveLength(conversations * pagesPerConversation);
      expect(messagesIn(records)).toBe(2 * conversations * turnsPerConversation);
    },
  );

  it('holds queries, cited pages, ads and offers, with ids apart', () => {
    const records = generateLibrary(size({ conversations: 40 }));
    const tables = libraryGrids(records);
    expect(new Set(records.map((record) => record.id)).size).toBe(40);
    expect(tables.queries(NO_FILTER).length).toBeGreaterThan(0);
    expect(tables.ads(NO_FILTER).length).toBeGreaterThan(0);
    expect(tables.offers(NO_FILTER).length).toBeGreaterThan(0);
    const pages = tables.pages(NO_FILTER);
    expect(pages.some((row) => row.cited > 0)).toBe(true);
    expect(pages.some((row) => row.retrieved === 0)).toBe(true);
    for (const record of records)
      expect(
        record.turns.filter((turn) => turn.searched === true).every((turn) => turn.queries.length > 0),
      ).toBe(true);
  });

  it('is the same for the same seed, and another for another', () => {
    expect(generateLibrary(size({}))).toEqual(generateLibrary(size({})));
    expect(generateLibrary(size({ seed: 8 }))[0]?.id).not.toBe(generateLibrary(size({}))[0]?.id);
  });

  it('comes back whole from a library file, so an import keeps it as generated', () => {
    const records = generateLibrary(size({}));
    const read = readLibraryFile(libraryFileText(records, new Date(Date.UTC(2027, 0, 1))));
    expect(read.ok && read.value.records).toEqual(records);
  });
});
