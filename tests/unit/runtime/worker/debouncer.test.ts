import { describe, expect, it } from 'vitest';
import { createDebouncer, DEBOUNCE_MS } from '@/lens/runtime/worker/debouncer';
import { fakeScheduler } from '@/tests/support/fakes/fake-scheduler';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createDebouncer', () => {
  it('runs once for several triggers within the window, with all of them', async () => {
    const timers = fakeScheduler();
    const runs: string[][] = [];
    const debouncer = createDebouncer<string>({
      schedule: timers.schedule,
      run: async (items) => {
        runs.push([...items]);
      },
    });
    debouncer.push('navigation');
    timers.advance(200);
    debouncer.push('captured');
    debouncer.push('captured');
    timers.advance(DEBOUNCE_MS - 201);
    expect(runs).toEqual([]);
    timers.advance(1);
    await settle();
    expect(runs).toEqual([['navigation', 'captured']]);
    timers.advance(10_000);
    expect(runs).toHaveLength(1);
  });

  it('never overlaps runs: what arrives during a run waits for one more run after it', async () => {
    const timers = fakeScheduler();
    const runs: string[][] = [];
    let finish = (): void => undefined;
    const debouncer = createDebouncer<string>({
      schedule: timers.schedule,
      run: (items) => {
        runs.push([...items]);
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    debouncer.push('fallback-due');
    timers.advance(DEBOUNCE_MS);
    debouncer.push('stream-ended');
    debouncer.push('visible');
    timers.advance(5_000);
    expect(runs).toEqual([['fallback-due']]);
    finish();
    await settle();
    timers.advance(DEBOUNCE_MS);
    expect(runs).toEqual([['fallback-due'], ['stream-ended', 'visible']]);
  });

  it('drops what is pending when cancelled', () => {
    const timers = fakeScheduler();
    let runs = 0;
    const debouncer = createDebouncer<string>({
      schedule: timers.schedule,
      run: async () => {
        runs += 1;
      },
    });
    debouncer.push('navigation');
    debouncer.cancel();
    timers.advance(10_000);
    expect(runs).toBe(0);
    expect(timers.pending()).toBe(0);
  });
});
