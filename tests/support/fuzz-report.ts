/**
 * One JSON line of the file `npm run fuzz` writes when FUZZ_REPORT names one: a property and the runs it
 * executed (tests/unit/fuzz/fuzz-property.ts writes it, the bench's fuzz_runs_total adds it up).
 */
export interface FuzzReportLine {
  property: string;
  runs: number;
}
