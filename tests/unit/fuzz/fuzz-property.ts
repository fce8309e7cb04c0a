import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { FuzzReportLine } from '@/tests/support/fuzz-report';

/**
 * One way to run a fuzz property, so the same files serve the unit suite and `npm run fuzz`: FUZZ_RUNS sets
 * the runs of every property (the fuzz script sets 10,000), and without it the unit suite runs a count it can
 * afford. With FUZZ_REPORT naming a file, each property that passed appends the runs it executed, counted as
 * they ran, as one JSON line: the bench's fuzz_runs_total adds them up.
 */
const UNIT_SUITE_RUNS = 150;

function readRunCount(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return UNIT_SUITE_RUNS;
  const runs = Number(text);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`FUZZ_RUNS must be a positive integer, not "${text}".`);
  return runs;
}

export const FUZZ_RUNS = readRunCount(process.env.FUZZ_RUNS);

/** Vitest's own 5 s is far too short for 10,000 runs; a run that hangs still ends the test. */
const timeoutFor = (runs: number): number => 30_000 + runs * 30;

/**
 * A test that asserts `assertAll` (fast-check over FUZZ_RUNS values) and, once it passed, reports the runs
 * `counted` saw. fast-check shrinks a failure to a small counterexample and prints its seed, so the failing
 * run can be replayed.
 */
function countedTest(name: string, assertAll: (counted: () => void) => void | Promise<void>): void {
  it(
    name,
    async () => {
      let executed = 0;
      await assertAll(() => {
        executed += 1;
      });
      const report = process.env.FUZZ_REPORT;
      if (report !== undefined && report !== '') {
        const line: FuzzReportLine = { property: expect.getState().currentTestName ?? name, runs: executed };
        appendFileSync(report, `${JSON.stringify(line)}\n`);
      }
    },
    timeoutFor(FUZZ_RUNS),
  );
}

/** A test that checks `property` on FUZZ_RUNS values of `inputs`. */
export function fuzz<T>(name: string, inputs: fc.Arbitrary<T>, property: (input: T) => void): void {
  countedTest(name, (counted) =>
    fc.assert(
      fc.property(inputs, (input) => {
        counted();
        property(input);
      }),
      { numRuns: FUZZ_RUNS },
    ),
  );
}

/** The same for a property that reads a stream. */
export function fuzzAsync<T>(
  name: string,
  inputs: fc.Arbitrary<T>,
  property: (input: T) => Promise<void>,
): void {
  countedTest(name, (counted) =>
    fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        counted();
        await property(input);
      }),
      { numRuns: FUZZ_RUNS },
    ),
  );
}
