import type { Conversation } from '@/lib/model/conversation';
import { startedDay } from './export-fields';

/**
 * The folder of a conversation among many (export-format "ZIP of many conversations"): `YYYY/MM` of the day
 * it started, in UTC, so a year of conversations opens month by month; `undated` when its start is unknown.
 */
export function datedFolder(conversation: Conversation): string {
  const day = startedDay(conversation);
  return day === null ? 'undated' : `${day.slice(0, 4)}/${day.slice(5, 7)}`;
}
