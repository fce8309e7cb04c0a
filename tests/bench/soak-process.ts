import { storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { HOUR_SOAK, runSoak, type SoakPlan, type SoakReport } from '@/tests/support/soak/soak-run';

/** What soak-benchmark.ts reads of the soak: the report, less the stored lens and the message ids. */
export type SoakSummary = Omit<SoakReport, 'lens' | 'exported' | 'expectedIds'> & {
  /** Messages of the conversation's active branch, and how many of them a JSON export after the soak held, in order. */
  messages: number;
  exportedInOrder: number;
  exportRequests: number;
  heldMessageCount: number | null;
};

/** A minute of each stretch, on a three-page conversation: every step of the soak, for the smoke run. */
const SMOKE_SOAK: SoakPlan = {
  pagePollingMinutes: 1,
  noPagePollMinutes: 1,
  hiddenMinutes: 1,
  shownAgainMinutes: 1,
  heapEveryMinutes: 1,
};

/**
 * The soak's simulated hour in a process of its own: soak-benchmark.ts starts it with
 * `node --expose-gc`, so the heap it measures holds the soak alone (with `--smoke`, SMOKE_SOAK). Prints one
 * JSON summary.
 */
const smoke = process.argv.includes('--smoke');
const { lens, exported, expectedIds, ...report } = await runSoak(
  storedConversation(smoke ? FIXTURE_IDS.longHistory : FIXTURE_IDS.tenThousand),
  smoke ? SMOKE_SOAK : HOUR_SOAK,
);
const summary: SoakSummary = {
  ...report,
  messages: expectedIds.length,
  exportedInOrder: expectedIds.filter((id, index) => exported?.ids[index] === id).length,
  exportRequests: exported?.requests ?? -1,
  heldMessageCount: lens?.snapshot?.summary?.messageCount ?? null,
};
console.log(JSON.stringify(summary));
