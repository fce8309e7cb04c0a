import { FALLBACK_INTERVAL_MS } from '@/lens/runtime/contract/relay-channel';
import type { Schedule } from '@/lens/runtime/contract/timer';
import type { PageEvent, UnchangedResponseEvent } from '@/lib/capture/page-event';

export interface FallbackClockOptions {
  intervalMs?: number;
  schedule: Schedule;
  /** Nothing fresh arrived for a whole interval while the tab was visible: a fallback poll is due. */
  onDue: () => void;
  /** Whether the tab is visible when the clock starts; visible unless told otherwise. */
  visible?: boolean;
}

export interface FallbackClock {
  /** Something fresh arrived (a captured response, a stream item): the wait starts again. */
  noteFresh(): void;
  /**
   * The tab was shown or hidden. Hidden: nothing stays pending. Shown again: a full interval is waited,
   * and the answer is true, because the data may be as old as the time it was hidden
   * (architecture "Event-driven refresh": the tab becoming visible is an event of its own); the caller runs
   * that refresh.
   */
  setVisible(visible: boolean): boolean;
  stop(): void;
}

/**
 * The tab's 12 s clock, run by the relay (architecture "Browser facts": a timer in the tab lives as long as
 * the tab, knows its visibility and survives the service worker being stopped; alarms cannot tick every
 * 12 s). It fires only while the tab is visible and nothing fresh arrived for the interval; after firing
 * it waits another interval.
 */
export function createFallbackClock(options: FallbackClockOptions): FallbackClock {
  const { intervalMs = FALLBACK_INTERVAL_MS, schedule, onDue } = options;
  let visible = options.visible ?? true;
  let stopped = false;
  let cancel: (() => void) | null = null;

  const clear = (): void => {
    cancel?.();
    cancel = null;
  };

  const wait = (): void => {
    clear();
    if (stopped || !visible) return;
    cancel = schedule(intervalMs, () => {
      cancel = null;
      wait();
      onDue();
    });
  };

  wait();
  return {
    noteFresh: wait,
    setVisible(next) {
      const becameVisible = next && !visible;
      visible = next;
      if (!next) clear();
      else if (becameVisible) wait();
      return becameVisible && !stopped;
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}

/**
 * Whether a page event brought something fresh, so that the fallback poll waits a whole interval again
 * (site-interface 8). A response the page got with an error status, or whose body broke off, brought nothing:
 * the poll stays due, and the extension's own request covers for the page's failing ones.
 */
export function bringsFreshData(event: PageEvent | UnchangedResponseEvent): boolean {
  if (event.type !== 'response' && event.type !== 'answer-stream') return true;
  return event.status >= 200 && event.status < 300 && !event.truncated;
}
