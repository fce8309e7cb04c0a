import { describe, expect, it } from 'vitest';
import { FALLBACK_INTERVAL_MS } from '@/lens/runtime/contract/relay-channel';
import { bringsFreshData, createFallbackClock } from '@/lens/runtime/relay/fallback-clock';
import { fakeScheduler } from '@/tests/support/fakes/fake-scheduler';
import { capturedResponse } from '@/tests/unit/runtime/page-load';

function clockOn(visible = true) {
  const timers = fakeScheduler();
  const dueAt: number[] = [];
  const clock = createFallbackClock({
    schedule: timers.schedule,
    onDue: () => dueAt.push(timers.now() - start),
    visible,
  });
  const start = timers.now();
  return { clock, timers, dueAt };
}

describe('fallback clock (site-interface 8: 12 s fallback, paused while hidden)', () => {
  it('defaults to 12 s and polls once per quiet interval', () => {
    const { timers, dueAt } = clockOn();
    expect(FALLBACK_INTERVAL_MS).toBe(12_000);
    timers.advance(11_999);
    expect(dueAt).toEqual([]);
    timers.advance(1);
    expect(dueAt).toEqual([12_000]);
    timers.advance(24_000);
    expect(dueAt).toEqual([12_000, 24_000, 36_000]);
  });

  it('never polls while something fresh keeps arriving (the page polls the tree)', () => {
    const { clock, timers, dueAt } = clockOn();
    for (let second = 0; second < 120; second += 5) {
      timers.advance(5_000);
      clock.noteFresh();
    }
    expect(dueAt).toEqual([]);
    timers.advance(12_000);
    expect(dueAt).toEqual([132_000]);
  });

  it('runs nothing while hidden, however long', () => {
    const { clock, timers, dueAt } = clockOn();
    timers.advance(6_000);
    expect(clock.setVisible(false)).toBe(false);
    timers.advance(10 * 60_000);
    clock.noteFresh();
    timers.advance(60_000);
    expect(dueAt).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it('says a refresh is due on becoming visible, then waits a full interval', () => {
    const { clock, timers, dueAt } = clockOn(false);
    timers.advance(30_000);
    expect(clock.setVisible(true)).toBe(true);
    expect(clock.setVisible(true)).toBe(false);
    timers.advance(11_999);
    expect(dueAt).toEqual([]);
    timers.advance(1);
    expect(dueAt).toEqual([42_000]);
  });

  it('stops for good', () => {
    const { clock, timers, dueAt } = clockOn();
    clock.stop();
    expect(clock.setVisible(false)).toBe(false);
    expect(clock.setVisible(true)).toBe(false);
    clock.noteFresh();
    timers.advance(60_000);
    expect(dueAt).toEqual([]);
  });

  it('takes a shorter interval where one is given', () => {
    const timers = fakeScheduler();
    let due = 0;
    createFallbackClock({ intervalMs: 1_000, schedule: timers.schedule, onDue: () => (due += 1) });
    timers.advance(3_500);
    expect(due).toBe(3);
  });
});

describe('what counts as fresh for the fallback clock', () => {
  const tree = (extra = {}) =>
    capturedResponse('conversation-tree', 'c1', '/backend-api/conversation/c1', '{"mapping": {}}', extra);

  it('a response the page read whole, an unchanged poll, stream items', () => {
    expect(bringsFreshData(tree())).toBe(true);
    expect(
      bringsFreshData({ type: 'unchanged', endpoint: 'conversation-tree', conversationId: 'c1', url: 'x' }),
    ).toBe(true);
    expect(bringsFreshData({ type: 'stream-items', items: [] })).toBe(true);
  });

  it.each([
    ['a 503', { status: 503 }],
    ['a 404', { status: 404 }],
    ['a 429', { status: 429 }],
    ['a body cut off mid-way', { truncated: true }],
  ])('not %s: the poll stays due, so the extension covers for the failing page', (_label, extra) => {
    expect(bringsFreshData(tree(extra))).toBe(false);
  });
});
