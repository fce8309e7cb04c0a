/**
 * What the machine charges for the first touch of a fresh page of memory, which the Export click pays on
 * every page its file's bytes pass through and its baseline, `JSON.parse` into a heap already grown, barely
 * does (benchmarks "What makes a slow round slow"). Where a fault costs about 10 µs, as on some machines of
 * the kind the bench runs on, the click's figure read twice what it read on others, so each run says what
 * its machine charged.
 */

import { median } from '@/tests/support/statistics';

const PAGE = 4096;
const REGION = 32 * 1024 * 1024;
const TRIES = 5;

/**
 * One region fresh from the system (an ArrayBuffer this large is a mapping of its own, untouched until
 * written), written a byte a page twice: the first pass pays a fault a page, the second only the writes.
 */
function freshPageUsOnce(): number {
  const region = new Uint8Array(new ArrayBuffer(REGION));
  const faultsBefore = process.resourceUsage().minorPageFault;
  const first = performance.now();
  for (let offset = 0; offset < REGION; offset += PAGE) region[offset] = 1;
  const touched = performance.now() - first;
  const faults = process.resourceUsage().minorPageFault - faultsBefore;
  const second = performance.now();
  for (let offset = 0; offset < REGION; offset += PAGE) region[offset] = 2;
  const written = performance.now() - second;
  return ((touched - written) * 1000) / Math.max(faults, 1);
}

/** Microseconds the first touch of a fresh 4 KiB page costs: the median of five readings, to a tenth. */
export function freshPageMicroseconds(): number {
  const readings = Array.from({ length: TRIES }, freshPageUsOnce);
  return Math.round(median(readings) * 10) / 10;
}
