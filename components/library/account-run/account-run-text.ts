import { countOf, countText } from '@/components/library/shared/number-text';
import type { AccountRunStatus } from '@/lens/runtime/contract/account-run';

/** What adding the whole account does, and what it asks of the site. */
export const ACCOUNT_RUN_NOTE =
  'Lists every conversation of the account signed in on chatgpt.com, archived ones and Projects included, and keeps each one here: ten in a request, as the site’s own apps read them, one request at a time, a second or more apart, so the site is never asked too often. 1,000 conversations take about 3 minutes. Where chatgpt.com does not read ten at once, the run reads one conversation a request, and once the site asks it to slow down it keeps the rate the site allows, often about one a minute, so a large account then takes hours. Close the browser or pause at any time: the run goes on where it was, and a later run fetches only what is new or changed.';

/** "about 12 min", "about 40 s", "about 2 h 5 min": a wait or an estimate, as a reader rounds it. */
export function durationText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Where the run is, in one sentence: listing, or the counts with what is left and how long it may take. */
export function accountRunProgressText(status: AccountRunStatus): string {
  if (status.phase === 'listing')
    return `Listing the account: ${countOf(status.listed, 'conversation', 'conversations')} so far.`;
  const parts = [`${countText(status.done)} of ${countText(status.listed)} fetched`];
  if (status.failed > 0) parts.push(`${countText(status.failed)} failed`);
  parts.push(`${countText(status.left)} left`);
  const pace = status.paced === true ? ' at the rate chatgpt.com allows' : '';
  const eta =
    status.etaMs === null || status.left === 0
      ? ''
      : ` About ${durationText(status.etaMs)} to go${pace}${readingText(status)}.`;
  return `${parts.join(', ')}.${eta}`;
}

/** Why the time to go is what it is: how many conversations a request reads, and why only one. */
function readingText({ reading, perRequest }: AccountRunStatus): string {
  switch (reading) {
    case 'batch':
      return perRequest === undefined ? '' : `, ${perRequest} at a time`;
    case 'alone-no-batch':
      return ', one at a time: chatgpt.com reads no ten at once for this account';
    case 'alone-rate-limited':
      return ', one at a time: chatgpt.com refused ten at once too often';
    default:
      return '';
  }
}

/** The site asked to slow down: when the run goes on. */
export function rateLimitText(until: number, now: number): string {
  const at = new Date(until).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return `chatgpt.com asked to slow down: the run waits and goes on at ${at} (in ${durationText(until - now)}). Nothing is asked meanwhile.`;
}

/** How a run ended, or why it stands still. */
export function accountRunEndText(status: AccountRunStatus): string {
  const counts = `${countOf(status.done, 'conversation', 'conversations')} fetched${status.failed > 0 ? `, ${countText(status.failed)} failed` : ''}`;
  switch (status.status) {
    case 'finished':
      return `Finished: ${counts}. A later run fetches only what is new or changed.`;
    case 'paused':
      return `Paused: ${counts}, ${countText(status.left)} left.`;
    case 'cancelled':
      return `Cancelled: ${counts}, ${countText(status.left)} not fetched. Starting again fetches only what is missing.`;
    case 'stopped':
      return `Stopped: ${status.error ?? 'the run could not go on.'} ${counts}.`;
    default:
      return '';
  }
}
