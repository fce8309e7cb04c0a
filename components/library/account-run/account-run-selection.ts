import type { LibraryConversation } from '@/lens/library/library-record';
import type { SelectionFilter } from '@/lib/export/selection-filter';
import type { AccountRunItem } from '@/lib/library/account-run-item';

/** Which of a run's conversations its ZIP holds: the CLI's filter, and a project (export-format "ZIP of many conversations"). */
export interface RunSelection extends SelectionFilter {
  /** A project's id (`g-p-…`); 'none' for the conversations in no project; unset for all. */
  project?: string;
}

/** The day a conversation started, YYYY-MM-DD in UTC, as the library kept it; null when unknown. */
export const startDayOf = (record: LibraryConversation | undefined): string | null =>
  record?.createdAt === null || record === undefined
    ? null
    : new Date(record.createdAt).toISOString().slice(0, 10);

const holds = (item: AccountRunItem, record: LibraryConversation | undefined, word: string): boolean => {
  const needle = word.toLocaleLowerCase();
  const texts = [item.title, ...(record?.turns ?? []).flatMap((turn) => [turn.prompt, turn.answer])];
  return texts.some((text) => text?.toLocaleLowerCase().includes(needle) === true);
};

/**
 * Whether a fetched conversation is in the run's ZIP: started in the range of days (both ends included, a
 * conversation of unknown start outside any range), in the project, and holding the word in its title, a
 * prompt or a kept answer. Unset parts take every one.
 */
export function isRunItemSelected(
  item: AccountRunItem,
  record: LibraryConversation | undefined,
  selection: RunSelection,
): boolean {
  if (selection.project !== undefined && (item.projectId ?? 'none') !== selection.project) return false;
  if (selection.since !== undefined || selection.until !== undefined) {
    const day = startDayOf(record);
    if (day === null) return false;
    if (selection.since !== undefined && day < selection.since) return false;
    if (selection.until !== undefined && day > selection.until) return false;
  }
  return selection.search === undefined || holds(item, record, selection.search);
}
