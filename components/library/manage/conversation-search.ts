import type { LibrarySummary } from '@/lens/library/library-summary';

/**
 * The kept conversations whose title or id holds every word typed, most recently kept first: the list the
 * Manage tab deletes from.
 */
export function findConversations(summaries: readonly LibrarySummary[], typed: string): LibrarySummary[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const found =
    words.length === 0
      ? [...summaries]
      : summaries.filter((summary) => {
          const text = `${summary.title ?? ''} ${summary.id}`.toLowerCase();
          return words.every((word) => text.includes(word));
        });
  return found.sort((a, b) => b.savedAt - a.savedAt);
}
