import type { ListedConversation } from '@/lib/model/conversation-list';
import type { LensError } from '@/lib/model/result';

/**
 * One conversation of the account as a run of "add the whole account" knows it
 * (architecture "Adding the whole account"): what the list said of it, and how fetching it went. Kept in
 * IndexedDB between runs, so a stopped run goes on where it was and a later run fetches only what is new or
 * changed.
 */
export interface AccountRunItem extends ListedConversation {
  state: 'pending' | 'done' | 'failed';
  /** Failed fetches since it was last listed as changed; the third makes it failed. */
  attempts: number;
  /** Why it failed last, in words; null when it did not. */
  error: string | null;
  /** The update time it had when it was fetched: listed again with another one, it has changed. */
  fetchedUpdateTime: number | null;
  /** Where its document lies in the run's ZIP (its files are kept beside the run), or null. */
  document: string | null;
}

/** site-interface 10.7: a conversation that fails this often with a 404 or a 5xx is listed as failed. */
export const ATTEMPTS_BEFORE_FAILED = 3;

export interface RunCounts {
  listed: number;
  done: number;
  failed: number;
  left: number;
}

const listingDiffers = (held: ListedConversation, item: ListedConversation): boolean =>
  held.title !== item.title ||
  held.updateTime !== item.updateTime ||
  held.projectId !== item.projectId ||
  held.archived !== item.archived;

/**
 * The listing merged into what earlier runs recorded: a conversation listed for the first time, or with an
 * update time other than the one it was fetched at, is to be fetched; so is one done whose record an earlier
 * reader kept (`keptByEarlierReader`: architecture "Records kept by an earlier version"). One done or failed
 * and unchanged stays as it is, so a later run fetches only what is new or changed. Answers the items to
 * write.
 */
export function mergeListing(
  recorded: ReadonlyMap<string, AccountRunItem>,
  listed: readonly ListedConversation[],
  keptByEarlierReader: ReadonlySet<string> = new Set(),
): AccountRunItem[] {
  const changed: AccountRunItem[] = [];
  for (const item of listed) {
    const held = recorded.get(item.id);
    if (held?.state === 'done' && keptByEarlierReader.has(item.id)) {
      changed.push({ ...held, ...item, state: 'pending', attempts: 0, error: null });
    } else if (held === undefined) {
      changed.push({
        ...item,
        state: 'pending',
        attempts: 0,
        error: null,
        fetchedUpdateTime: null,
        document: null,
      });
    } else if (held.state !== 'pending' && held.updateTime !== item.updateTime) {
      changed.push({ ...held, ...item, state: 'pending', attempts: 0, error: null });
    } else if (listingDiffers(held, item)) {
      changed.push({ ...held, ...item });
    }
  }
  return changed;
}

/** The conversations still to fetch, newest first, the ones that failed before after the others. */
export function fetchOrder(items: Iterable<AccountRunItem>): AccountRunItem[] {
  return [...items]
    .filter((item) => item.state === 'pending')
    .sort((a, b) => a.attempts - b.attempts || (b.updateTime ?? 0) - (a.updateTime ?? 0));
}

/**
 * A fetch that failed for a reason other than a 429 (which requeues without counting, site-interface 7):
 * one more attempt, and failed at the third.
 */
export function afterFailedFetch(item: AccountRunItem, error: LensError): AccountRunItem {
  const attempts = item.attempts + 1;
  return {
    ...item,
    attempts,
    error: error.message,
    state: attempts >= ATTEMPTS_BEFORE_FAILED ? 'failed' : 'pending',
  };
}

export function countsOf(items: Iterable<AccountRunItem>): RunCounts {
  const counts: RunCounts = { listed: 0, done: 0, failed: 0, left: 0 };
  for (const item of items) {
    counts.listed += 1;
    if (item.state === 'done') counts.done += 1;
    else if (item.state === 'failed') counts.failed += 1;
    else counts.left += 1;
  }
  return counts;
}
