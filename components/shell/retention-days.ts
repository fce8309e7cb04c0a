import { MAX_RETENTION_DAYS } from '@/lens/runtime/contract/settings';
import type { DraftReading } from './DraftField';

/**
 * What the automatic-deletion field holds: a number of days from 1 to MAX_RETENTION_DAYS, or nothing
 * (keep until deleted); anything else is a mistake to point out, never a setting.
 */
export function retentionOf(text: string): DraftReading<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const days = Number(trimmed);
  if (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS)
    return {
      ok: false,
      message: `A whole number of days from 1 to ${MAX_RETENTION_DAYS}, or empty to keep conversations until you delete them.`,
    };
  return { ok: true, value: days };
}
