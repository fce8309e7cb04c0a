import type { LibraryConversation, LibraryPage, LibraryTurn } from '@/lib/library/library-record';

/** A page of a turn, retrieved and cited as asked. */
export function page(url: string, marks: Partial<LibraryPage> = {}): LibraryPage {
  return {
    url,
    title: url,
    domain: new URL(url).hostname.replace(/^www\./, ''),
    retrieved: true,
    cited: false,
    citations: 0,
    rank: 1,
    foundBy: [],
    ...marks,
  };
}

/** A turn with a prompt, asked at `at`. */
export function turn(index: number, partial: Partial<LibraryTurn> = {}): LibraryTurn {
  return {
    index,
    prompt: `prompt ${index}`,
    answer: null,
    at: null,
    model: 'gpt-5',
    searched: null,
    transport: null,
    queries: [],
    pages: [],
    ...partial,
  };
}

/** A kept conversation of the given turns. */
export function libraryConversation(
  id: string,
  turns: LibraryTurn[] = [turn(1)],
  partial: Partial<LibraryConversation> = {},
): LibraryConversation {
  return {
    id,
    title: `Conversation ${id}`,
    models: ['gpt-5'],
    createdAt: Date.UTC(2026, 10, 2),
    updatedAt: Date.UTC(2026, 10, 3),
    savedAt: Date.UTC(2026, 10, 4),
    transport: 'sse',
    answerTextKept: false,
    turns,
    ads: [],
    offers: [],
    ...partial,
  };
}
