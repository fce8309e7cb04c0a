import type { Conversation } from '@/lib/model/conversation';
import { startedDay } from './export-fields';

/**
 * Which conversations of many are written (export-format "ZIP of many conversations"): started in a range of
 * days, in UTC, both ends included, and holding a word in their title or text. Unset parts take every one.
 */
export interface SelectionFilter {
  /** YYYY-MM-DD. */
  since?: string;
  /** YYYY-MM-DD. */
  until?: string;
  search?: string;
}

export const hasFilter = (filter: SelectionFilter): boolean =>
  filter.since !== undefined || filter.until !== undefined || filter.search !== undefined;

const holds = (conversation: Conversation, word: string): boolean => {
  const needle = word.toLocaleLowerCase();
  return (
    (conversation.title ?? '').toLocaleLowerCase().includes(needle) ||
    conversation.messages.some((message) => message.text.toLocaleLowerCase().includes(needle))
  );
};

/** A conversation of unknown start is outside any range of days. */
export function isSelected(conversation: Conversation, filter: SelectionFilter): boolean {
  if (filter.since !== undefined || filter.until !== undefined) {
    const day = startedDay(conversation);
    if (day === null) return false;
    if (filter.since !== undefined && day < filter.since) return false;
    if (filter.until !== undefined && day > filter.until) return false;
  }
  return filter.search === undefined || holds(conversation, filter.search);
}

/** Why a value is not a day as `--since` and `--until` take it (a real YYYY-MM-DD); null when it is one. */
export function dayProblem(value: string): string | null {
  const date = /^\d{4}-\d\d-\d\d$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (date === null || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    return `"${value}" is not a day: use YYYY-MM-DD.`;
  return null;
}
