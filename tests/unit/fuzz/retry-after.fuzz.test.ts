import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { retryAfterMs } from '@/lib/api/retry-after';
import { fuzz } from './fuzz-property';
import { hostileString } from './hostile-values';

/**
 * The Retry-After header of a 429 (site-interface 7) as the rate governor reads it: delta-seconds of any
 * length, HTTP-dates of any year, anything else. A wait is a finite number of milliseconds or none (null, and
 * the governor's own ladder applies): a wait the governor cannot store or count down is no wait.
 */
const header = fc.oneof(
  fc.stringMatching(/^ ?\d{1,400} ?$/),
  fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
  hostileString,
);

describe('the Retry-After reader', () => {
  fuzz(
    'any header at any time: a finite wait of zero or more, or none',
    fc.tuple(fc.option(header), fc.integer({ min: 0, max: 8_640_000_000_000_000 })),
    ([value, now]) => {
      const wait = retryAfterMs(value, now);
      if (wait !== null) expect(Number.isFinite(wait) && wait >= 0).toBe(true);
    },
  );
});
