import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '@/lib/api/retry-after';

const now = Date.UTC(2026, 9, 21, 7, 28, 0);

describe('retryAfterMs', () => {
  it('reads delta-seconds', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date as the time left until it', () => {
    expect(retryAfterMs('Wed, 21 Oct 2026 07:30:30 GMT', now)).toBe(150_000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:00:00 GMT', now)).toBe(0);
  });

  it('answers null when there is no usable header', () => {
    for (const header of [null, '', 'soon', '-5', '1.5']) expect(retryAfterMs(header, now)).toBeNull();
  });

  it('answers null for delta-seconds too long to be a number, instead of an infinite wait', () => {
    expect(retryAfterMs('9'.repeat(400), now)).toBeNull();
    expect(retryAfterMs('9'.repeat(20), now)).toBeGreaterThan(1e20);
  });
});
