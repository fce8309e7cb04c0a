import { describe, expect, it } from 'vitest';
import { ASK_AGAIN_AFTER_MS, answersNone, askWhen, pauseOver } from '@/lens/holding/ask-again';
import type { LensError } from '@/lib/model/result';

const NOT_FOUND: LensError = { code: 'not-found', message: 'not found (404)' };
const SERVER: LensError = { code: 'server', message: 'a server error (503)' };

describe('askWhen: asking again for ads and /me after a failure (site-interface 8)', () => {
  it('asks beyond the page load while it never failed', () => {
    expect(askWhen(null, 0)).toBe('beyond-page-load');
  });

  it('after a failure asking again may cure, asks beyond the page load at once, and on any trigger after the pause', () => {
    const failed = { error: SERVER, failedAt: 1_000 };
    expect(askWhen(failed, 1_000)).toBe('beyond-page-load');
    expect(askWhen(failed, 1_000 + ASK_AGAIN_AFTER_MS)).toBe('any-trigger');
  });

  it('after any other failure asks nothing during the pause, then on any trigger', () => {
    const failed = { error: NOT_FOUND, failedAt: 1_000 };
    expect(askWhen(failed, 1_000 + ASK_AGAIN_AFTER_MS - 1)).toBe('not-now');
    expect(askWhen(failed, 1_000 + ASK_AGAIN_AFTER_MS)).toBe('any-trigger');
  });

  it('tells when the pause after a failure is over', () => {
    expect(pauseOver(null, 0)).toBe(true);
    expect(pauseOver({ error: SERVER, failedAt: 1_000 }, 1_000 + ASK_AGAIN_AFTER_MS - 1)).toBe(false);
    expect(pauseOver({ error: SERVER, failedAt: 1_000 }, 1_000 + ASK_AGAIN_AFTER_MS)).toBe(true);
  });
});

describe('answersNone: the statuses of an optional request that mean "none" (site-interface 4.7)', () => {
  it('is a 404 or a 403, and nothing else: a 401, a 429, a 5xx, a failed or unreadable request stay errors', () => {
    const error = (status?: number): LensError => ({
      code: 'http',
      message: 'x',
      ...(status === undefined ? {} : { status }),
    });
    expect([404, 403].map((status) => answersNone(error(status)))).toEqual([true, true]);
    expect([401, 410, 429, 500, 503, undefined].map((status) => answersNone(error(status)))).toEqual(
      Array(6).fill(false),
    );
  });
});
