import { describe, expect, it } from 'vitest';
import { createRateGovernor, type RateGovernorState } from '@/lib/api/rate-governor';
import { fakeClock } from '@/tests/support/fakes/fake-backend';

const respond =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    Promise.resolve(new Response(null, { status, headers }));

function setup(saved?: unknown) {
  const clock = fakeClock();
  const saves: RateGovernorState[] = [];
  const governor = createRateGovernor({
    now: clock.now,
    sleep: clock.sleep,
    saved,
    onStateChange: (state) => saves.push(state),
  });
  let sent = 0;
  const counted =
    (status: number, headers: Record<string, string> = {}) =>
    () => {
      sent += 1;
      return respond(status, headers)();
    };
  return { clock, governor, saves, counted, sent: () => sent };
}

/** Seconds from now until requests may go again. */
const waitSeconds = (governor: ReturnType<typeof createRateGovernor>, now: number): number | null => {
  const until = governor.waitUntil();
  return until === null ? null : (until - now) / 1000;
};

describe('createRateGovernor', () => {
  it('passes requests through while no 429 was seen', async () => {
    const { governor, counted, sent } = setup();
    const result = await governor.run(counted(200));
    expect(result.ok && result.value.status).toBe(200);
    expect(sent()).toBe(1);
    expect(governor.waitUntil()).toBeNull();
  });

  it('waits exactly as long as Retry-After in seconds, and stops every call meanwhile', async () => {
    const { governor, counted, sent, clock } = setup();
    const limited = await governor.run(counted(429, { 'retry-after': '90' }));
    expect(limited).toMatchObject({
      ok: false,
      error: { code: 'rate-limited', status: 429, retryAt: clock.now() + 90_000 },
    });
    clock.advance(89_999);
    const held = await governor.run(counted(200));
    expect(held).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    expect(sent()).toBe(1);
    clock.advance(1);
    expect((await governor.run(counted(200))).ok).toBe(true);
    expect(sent()).toBe(2);
  });

  it('waits until a Retry-After HTTP-date', async () => {
    const { governor, counted, clock } = setup();
    const date = new Date(clock.now() + 200_000).toUTCString();
    await governor.run(counted(429, { 'retry-after': date }));
    expect(waitSeconds(governor, clock.now())).toBe(200);
  });

  it('climbs 60 s, 120 s, 300 s, then stays at 300 s without Retry-After', async () => {
    const { governor, counted, clock } = setup();
    const waits: Array<number | null> = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await governor.run(counted(429));
      waits.push(waitSeconds(governor, clock.now()));
      clock.advance((governor.waitUntil() ?? clock.now()) - clock.now());
    }
    expect(waits).toEqual([60, 120, 300, 300, 300]);
  });

  it('starts the ladder again after a success', async () => {
    const { governor, counted, clock } = setup();
    await governor.run(counted(429));
    clock.advance(60_000);
    await governor.run(counted(429));
    clock.advance(120_000);
    await governor.run(counted(200));
    expect(governor.state()).toMatchObject({ blockedUntil: null, strikes: 0 });
    await governor.run(counted(429));
    expect(waitSeconds(governor, clock.now())).toBe(60);
  });

  it('lets a 429 the page received hold the extension too, and a later 429 never shortens the wait', async () => {
    const { governor, counted, clock, sent } = setup();
    governor.noteResponse(new Response(null, { status: 429, headers: { 'retry-after': '300' } }));
    governor.noteResponse(new Response(null, { status: 429, headers: { 'retry-after': '5' } }));
    expect(waitSeconds(governor, clock.now())).toBe(300);
    await governor.run(counted(200));
    expect(sent()).toBe(0);
  });

  it('keeps the wait of a 429 when a request sent before it succeeds late', async () => {
    const { governor, counted, clock, sent } = setup();
    let answerLate: (response: Response) => void = () => undefined;
    const late = governor.run(
      () =>
        new Promise<Response>((resolve) => {
          answerLate = resolve;
        }),
    );
    await governor.run(counted(429, { 'retry-after': '6' }));
    answerLate(new Response(null, { status: 200 }));
    expect((await late).ok).toBe(true);
    expect(waitSeconds(governor, clock.now())).toBe(6);
    expect(governor.state().strikes).toBe(0);
    expect(await governor.run(counted(200))).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    expect(sent()).toBe(1);
    clock.advance(6_000);
    expect((await governor.run(counted(200))).ok).toBe(true);
  });

  it('keeps other failures out of the ladder', async () => {
    const { governor, counted } = setup();
    expect((await governor.run(counted(500))).ok).toBe(true);
    expect(governor.state()).toEqual({ blockedUntil: null, strikes: 0, pace: null });
  });

  it('reports a request that throws as a network error', async () => {
    const { governor } = setup();
    const result = await governor.run(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'network', message: expect.stringContaining('Failed to fetch') },
    });
  });

  it('survives a stopped service worker: its saved state holds the next instance', async () => {
    const first = setup();
    await first.governor.run(first.counted(429));
    await first.clock.sleep(60_000);
    await first.governor.run(first.counted(429));
    const saved = JSON.parse(JSON.stringify(first.saves.at(-1)));
    const second = createRateGovernor({ now: first.clock.now, saved });
    expect(second.state()).toEqual(first.governor.state());
    expect(waitSeconds(second, first.clock.now())).toBe(120);
    first.clock.advance(120_000);
    second.noteResponse(new Response(null, { status: 429 }));
    expect(waitSeconds(second, first.clock.now())).toBe(300);
  });

  it('starts fresh from a saved state it cannot read', () => {
    for (const saved of [null, 'x', { blockedUntil: 'soon', strikes: -1, pace: { from: 'then' } }]) {
      expect(setup(saved).governor.state()).toEqual({ blockedUntil: null, strikes: 0, pace: null });
    }
  });

  it('reads a state saved without a pace as one with none', () => {
    const { governor } = setup({ blockedUntil: 1_000, strikes: 2 });
    expect(governor.state()).toEqual({ blockedUntil: 1_000, strikes: 2, pace: null });
  });

  it('sleeps out a block when asked to wait, then sends', async () => {
    const { governor, counted, clock, sent } = setup();
    await governor.run(counted(429, { 'retry-after': '30' }));
    const before = clock.now();
    const result = await governor.run(counted(200), { waitWhenBlocked: true });
    expect(result.ok).toBe(true);
    expect(clock.now() - before).toBe(30_000);
    expect(sent()).toBe(2);
  });

  /** site-interface 7: the account's pace, learnt from its 429s and kept by spaced requests. */
  describe('the account pace', () => {
    /** A governor spaced as a bulk run, its requests answered by `answer` at their start. */
    function paced(answer: (at: number) => Response, saved?: unknown, clock = fakeClock()) {
      const starts: number[] = [];
      const saves: RateGovernorState[] = [];
      const governor = createRateGovernor({
        now: clock.now,
        sleep: clock.sleep,
        random: () => 0,
        saved,
        onStateChange: (state) => saves.push(state),
      });
      governor.setSpacing({ minGapMs: 1_000, jitterMs: 0 });
      const send = () =>
        governor.run(
          () => {
            starts.push(clock.now());
            return Promise.resolve(answer(clock.now()));
          },
          { waitWhenBlocked: true },
        );
      return { clock, governor, starts, saves, send };
    }
    const limited = (seconds: number) =>
      new Response(null, { status: 429, headers: { 'retry-after': String(seconds) } });
    const fine = () => new Response(null, { status: 200 });

    it('spaces requests only by the spacing until a 429 shows the pace', async () => {
      const { governor, starts, send } = paced(fine);
      for (let request = 0; request < 3; request += 1) await send();
      expect(governor.pacedGapMs()).toBeNull();
      expect((starts[2] ?? 0) - (starts[1] ?? 0)).toBe(1_000);
    });

    it('takes the first wait as the pace, then measures it from the requests answered between two waits', async () => {
      // The site's refill: one request every 40 s, none left at the start.
      let nextRefill = 0;
      let refilled = 0;
      const { clock, governor, starts, send } = paced((at) => {
        if (nextRefill === 0) nextRefill = at + 15_000;
        if (at >= nextRefill) {
          refilled += 1;
          nextRefill += 40_000;
          return fine();
        }
        return limited(Math.ceil((nextRefill - at) / 1000));
      });
      const begun = clock.now();
      await send();
      // The first wait, 15 s, is the site's own guess; the margin rounds it up.
      expect(governor.pacedGapMs()).toBe(15_750);
      expect(governor.state().pace).toEqual({ from: begun + 15_000, answered: 0, refillMs: 15_000 });
      for (let request = 0; request < 4; request += 1) await send();
      // The second wait ended one refill after the first, with one request answered between; its Retry-After,
      // in whole seconds, ends it up to a second late.
      const refillMs = governor.state().pace?.refillMs ?? 0;
      expect(refillMs).toBeGreaterThanOrEqual(40_000);
      expect(refillMs).toBeLessThan(41_000);
      expect(governor.pacedGapMs()).toBe(Math.ceil(refillMs * 1.05));
      const answeredBefore = refilled;
      const sentBefore = starts.length;
      for (let request = 0; request < 10; request += 1) await send();
      // At the pace, every request is answered.
      expect(refilled - answeredBefore).toBe(10);
      const gaps = starts
        .slice(sentBefore)
        .map((start, index) => start - (starts[sentBefore + index - 1] ?? 0));
      expect(Math.min(...gaps)).toBe(governor.pacedGapMs());
    });

    it('never spaces requests closer than the spacing, however fast the pace', async () => {
      const { governor, starts, send } = paced(fine);
      governor.noteResponse(limited(0));
      governor.noteResponse(fine());
      governor.noteResponse(limited(0));
      expect(governor.pacedGapMs()).toBe(0);
      for (let request = 0; request < 3; request += 1) await send();
      expect((starts[2] ?? 0) - (starts[1] ?? 0)).toBe(1_000);
    });

    it('keeps a wait prolonged by the page’s own 429 out of the measure', async () => {
      const { clock, governor } = paced(fine);
      governor.noteResponse(limited(30));
      clock.advance(10_000);
      governor.noteResponse(limited(50));
      expect(governor.state().pace).toMatchObject({ answered: 0, refillMs: 50_000 });
      expect(governor.state().pace?.from).toBe(clock.now() + 50_000);
    });

    it('applies to spaced requests only: others go at once, uncounted', async () => {
      const { clock, governor, send } = paced(fine);
      governor.noteResponse(limited(30));
      clock.advance(30_000);
      await send();
      governor.setSpacing(null);
      const before = clock.now();
      await governor.run(() => Promise.resolve(fine()));
      await governor.run(() => Promise.resolve(fine()));
      expect(clock.now()).toBe(before);
      // Nor do their answers count towards the measure: only the spaced one does.
      expect(governor.state().pace?.answered).toBe(1);
    });

    it('keeps the pace over a stopped worker, and forgets it when asked', async () => {
      const first = paced(fine);
      first.governor.noteResponse(limited(20));
      first.clock.advance(20_000);
      await first.send();
      first.governor.noteResponse(limited(25));
      const saved = JSON.parse(JSON.stringify(first.saves.at(-1)));
      first.clock.advance(25_000);
      const second = paced(fine, saved, first.clock);
      expect(second.governor.state()).toEqual(first.governor.state());
      expect(second.governor.pacedGapMs()).toBe(first.governor.pacedGapMs());
      // The stopped worker's last request may have just gone: the new one's first waits a whole paced gap.
      const restarted = second.clock.now();
      await second.send();
      expect((second.starts[0] ?? 0) - restarted).toBe(second.governor.pacedGapMs());
      second.governor.forgetPace();
      expect(second.governor.pacedGapMs()).toBeNull();
      expect(second.saves.at(-1)?.pace).toBeNull();
    });
  });

  describe('spacing', () => {
    function spaced(random = () => 0.5) {
      const clock = fakeClock();
      // Each sleep ends at its own time, so requests waiting together wake one after the other.
      const sleep = async (ms: number): Promise<void> => {
        const until = clock.now() + ms;
        await Promise.resolve();
        clock.advance(Math.max(0, until - clock.now()));
      };
      const starts: number[] = [];
      const governor = createRateGovernor({ now: clock.now, sleep, random });
      const send = () =>
        governor.run(() => {
          starts.push(clock.now());
          return respond(200)();
        });
      return { clock, governor, starts, send };
    }

    it('starts each request a gap and its jitter after the one before', async () => {
      const { governor, starts, send } = spaced(() => 0.5);
      governor.setSpacing({ minGapMs: 1_000, jitterMs: 400 });
      for (let request = 0; request < 4; request += 1) await send();
      const gaps = starts.slice(1).map((start, index) => start - (starts[index] ?? 0));
      expect(gaps).toEqual([1_200, 1_200, 1_200]);
    });

    it('gives requests sent together a slot each', async () => {
      const { clock, governor, send } = spaced(() => 0);
      governor.setSpacing({ minGapMs: 1_000, jitterMs: 0 });
      const first = clock.now();
      await Promise.all([send(), send(), send(), send()]);
      expect(clock.now() - first).toBeGreaterThanOrEqual(3_000);
    });

    it('never starts two requests less than the gap apart, whatever the jitter', async () => {
      const values = [0, 0.99, 0.3, 0];
      const { governor, starts, send } = spaced(() => values.shift() ?? 0);
      governor.setSpacing({ minGapMs: 1_000, jitterMs: 500 });
      for (let request = 0; request < 5; request += 1) await send();
      const gaps = starts.slice(1).map((start, index) => start - (starts[index] ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1_000);
      expect(new Set(gaps).size).toBeGreaterThan(1);
    });

    it('leaves a whole gap after a slow answer too, so the site never sees two requests closer', async () => {
      const { clock, governor } = spaced(() => 0);
      governor.setSpacing({ minGapMs: 1_000, jitterMs: 0 });
      const starts: number[] = [];
      const answered: number[] = [];
      const slow = () =>
        governor.run(async () => {
          starts.push(clock.now());
          clock.advance(300);
          answered.push(clock.now());
          return new Response(null, { status: 200 });
        });
      for (let request = 0; request < 3; request += 1) await slow();
      const sinceAnswer = starts.slice(1).map((start, index) => start - (answered[index] ?? 0));
      expect(sinceAnswer).toEqual([1_000, 1_000]);
    });

    it('lets requests go at once again when the spacing is lifted', async () => {
      const { governor, starts, send } = spaced();
      governor.setSpacing({ minGapMs: 1_000, jitterMs: 0 });
      await send();
      governor.setSpacing(null);
      await send();
      await send();
      expect(starts[2]).toBe(starts[1]);
    });

    it('answers rate-limited without sending when a 429 came while a request waited for its slot', async () => {
      const clock = fakeClock();
      let sent = 0;
      const governor = createRateGovernor({
        now: clock.now,
        sleep: async (ms) => {
          await clock.sleep(ms);
          governor.noteResponse(new Response(null, { status: 429, headers: { 'retry-after': '30' } }));
        },
      });
      await governor.run(() => Promise.resolve(new Response(null, { status: 200 })));
      governor.setSpacing({ minGapMs: 1_000, jitterMs: 0 });
      await governor.run(() => {
        sent += 1;
        return Promise.resolve(new Response(null, { status: 200 }));
      });
      const held = await governor.run(() => {
        sent += 1;
        return Promise.resolve(new Response(null, { status: 200 }));
      });
      expect(held).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
      // The first spaced request went at once; the second waited, met the 429, and was not sent.
      expect(sent).toBe(1);
    });
  });
});
