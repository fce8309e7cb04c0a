import type { Schedule } from '@/lens/runtime/contract/timer';

/** Several triggers within this window run one refresh (architecture "Event-driven refresh"). */
export const DEBOUNCE_MS = 500;

export interface DebouncerOptions<T> {
  waitMs?: number;
  schedule: Schedule;
  /** Runs with every item pushed since the last run; the next run waits until this one settles. */
  run: (items: ReadonlySet<T>) => Promise<void>;
}

export interface Debouncer<T> {
  push(item: T): void;
  /** Drops what is pending (the conversation was left); a run under way finishes. */
  cancel(): void;
}

/**
 * Gathers items for `waitMs` from the first one, then runs once with all of them. Items that arrive
 * while a run is under way are gathered for one more run after it, so runs never overlap.
 */
export function createDebouncer<T>(options: DebouncerOptions<T>): Debouncer<T> {
  const { waitMs = DEBOUNCE_MS, schedule, run } = options;
  let pending = new Set<T>();
  let cancelTimer: (() => void) | null = null;
  let running = false;

  const start = (): void => {
    if (cancelTimer !== null || running || pending.size === 0) return;
    cancelTimer = schedule(waitMs, () => {
      cancelTimer = null;
      const items = pending;
      pending = new Set();
      running = true;
      void run(items)
        .catch(() => undefined)
        .finally(() => {
          running = false;
          start();
        });
    });
  };

  return {
    push(item) {
      pending.add(item);
      start();
    },
    cancel() {
      cancelTimer?.();
      cancelTimer = null;
      pending = new Set();
    },
  };
}
