import { countOf, countText } from '@/components/library/shared/number-text';
import type { LibraryConversation } from '@/lens/library/library-record';

/**
 * What an import came to, in one sentence: "Imported 12 conversations, 3 already newer, 1 skipped." The
 * conversations the library already held as new as the file's are "already newer"; those the file held
 * but could not be read, "skipped".
 */
export function importSummary(
  incoming: readonly LibraryConversation[],
  written: readonly LibraryConversation[],
  skipped: number,
): string {
  const alreadyNewer = new Set(incoming.map((record) => record.id)).size - written.length;
  const parts = [`Imported ${countOf(written.length, 'conversation', 'conversations')}`];
  if (alreadyNewer > 0) parts.push(`${countText(alreadyNewer)} already newer`);
  if (skipped > 0) parts.push(`${countText(skipped)} skipped`);
  return `${parts.join(', ')}.`;
}
