import type { Schedule } from '@/lens/runtime/contract/timer';

/**
 * A virtual clock with timers: `advance` moves time and runs every timer that falls due on the way, in
 * time order, so a 12 s wait takes no real time. It is also a fake-backend clock (now, advance, sleep), so
 * the governor's waits and the timers run on one time.
 */
export function fakeScheduler(start = Date.UTC(2026, 9, 25, 12, 0)) {
  let time = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();

  const schedule: Schedule = (ms, run) => {
    const id = nextId++;
    timers.set(id, { at: time + Math.max(0, ms), run });
    return () => {
      timers.delete(id);
    };
  };

  const nextDue = (until: number): [number, { at: number; run: () => void }] | undefined =>
    [...timers]
      .filter(([, timer]) => timer.at <= until)
      .sort(([idA, a], [idB, b]) => a.at - b.at || idA - idB)[0];

  const advance = (ms: number): void => {
    const until = time + ms;
    for (let due = nextDue(until); due !== undefined; due = nextDue(until)) {
      const [id, timer] = due;
      timers.delete(id);
      time = timer.at;
      timer.run();
    }
    time = until;
  };

  /** Resolves at once and leaves the time alone: time moves only when the test advances it. */
  const sleep = async (): Promise<void> => undefined;

  return { now: () => time, schedule, advance, sleep, pending: () => timers.size };
}
