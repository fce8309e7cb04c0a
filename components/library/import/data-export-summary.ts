import { countOf, countText } from '@/components/library/shared/number-text';
import type { ImportOutcome, ImportProgress } from '@/lens/library/data-export-import';

const megabytes = (bytes: number): string => (bytes / 1_000_000).toFixed(1);

/** "120 conversations read, 45.2 of 300.0 MB": where a data export's import is. */
export const importProgressText = (progress: ImportProgress): string =>
  `${countOf(progress.conversations, 'conversation', 'conversations')} read, ${megabytes(progress.bytesRead)} of ${megabytes(progress.totalBytes)} MB`;

/** " Kept 4 interests ChatGPT's ads inferred and 2 ads of no conversation.", or nothing when none. */
function accountText(account: ImportOutcome['account']): string {
  if (account === null) return '';
  const interests = countOf(
    account.interests,
    "interest ChatGPT's ads inferred",
    "interests ChatGPT's ads inferred",
  );
  return ` Kept ${interests} and ${countOf(account.ads, 'ad of no conversation', 'ads of no conversation')}.`;
}

/**
 * What importing a data export came to: "Added 12 conversations, updated 3, read again 2 kept by an earlier
 * version, 40 already in the library, 1 skipped as unreadable.", then what its ads said of the account. Cancelled or stopped, it says so, and
 * that what was read before was kept.
 */
export function dataExportSummary(outcome: ImportOutcome): string {
  return `${conversationsText(outcome)}${accountText(outcome.account)}`;
}

function conversationsText(outcome: ImportOutcome): string {
  const parts = [`added ${countOf(outcome.added, 'conversation', 'conversations')}`];
  if (outcome.updated > 0) parts.push(`updated ${countText(outcome.updated)}`);
  if (outcome.reread > 0) parts.push(`read again ${countText(outcome.reread)} kept by an earlier version`);
  if (outcome.unchanged > 0) parts.push(`${countText(outcome.unchanged)} already in the library`);
  if (outcome.skipped > 0) parts.push(`${countText(outcome.skipped)} skipped as unreadable`);
  const counts = parts.join(', ');
  if (outcome.cancelled) return `Cancelled: ${counts} before it stopped.`;
  const said = `${counts.charAt(0).toUpperCase()}${counts.slice(1)}.`;
  if (outcome.stopped === null) return said;
  const read = outcome.added + outcome.updated + outcome.reread + outcome.unchanged + outcome.skipped;
  if (read === 0) return `${outcome.stopped.message} Nothing was imported.`;
  return `${outcome.stopped.message} ${said} What was read before it is kept.`;
}
