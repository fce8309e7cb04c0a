import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { StretchName } from '@/tests/support/soak/soak-run';
import { atScale, defineBenchmark, type Scale, type TableRow } from './benchmark';
import type { SoakSummary } from './soak-process';

const SOAK_PROCESS = fileURLToPath(new URL('./soak-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function soakInItsOwnProcess(scale: Scale): Promise<SoakSummary> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', SOAK_PROCESS, ...atScale(scale, { full: [], smoke: ['--smoke'] })],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as SoakSummary;
}

/**
 * A visible tab on the 10,000-message conversation for a simulated hour of the page
 * polling its unchanged tree every 5 s, then 10 minutes without page polls, 10 hidden and 5 shown again
 * (tests/support/soak/soak-run.ts: the page hook, relay, fallback clock, worker, governor and a session
 * area stand-in, on a virtual clock). `soak_heap_growth_ratio` is the extension's heap after the soak
 * over its heap after the first load, both after a full collection and less the replica's part
 * (target <= 1.2); the request counts are the rules of site-interface 8 (passive first, 12 s fallback
 * only while visible: <= 1 a minute while the page polls, <= 5 without page polls, none hidden).
 */
export const soakBenchmark = defineBenchmark({
  name: 'soak',
  figures: [
    'soak_heap_growth_ratio',
    'soak_own_requests_first_load',
    'soak_own_requests_hour',
    'soak_own_requests_max_minute_no_page_poll',
    'soak_own_requests_hidden',
    'soak_lens_bytes_written_hour',
  ],
  async run(scale) {
    const soak = await soakInItsOwnProcess(scale);
    const stretch = (name: StretchName) => soak.stretches.find((each) => each.name === name);
    const rows: TableRow[] = soak.stretches.map((each) => ({
      label: `${each.name}, ${each.minutes} min`,
      cells: {
        'own requests': String(each.ownRequests),
        'older pages': String(each.olderPageRequests),
        'most in a minute': String(each.mostInAMinute),
        'lens written': megabytes(each.lensBytesWritten),
      },
    }));
    rows.push({
      label: 'extension heap (replica excluded)',
      cells: {
        'after first load': megabytes(soak.afterLoad.bytes),
        'after the soak': megabytes(soak.afterSoak.bytes),
        ratio: soak.heapGrowthRatio.toFixed(3),
      },
    });
    rows.push({
      label: 'the conversation after the soak',
      cells: {
        'in the lens': String(soak.heldMessageCount),
        'exported in order': `${soak.exportedInOrder} of ${soak.messages}`,
        'export requests': String(soak.exportRequests),
      },
    });
    return {
      figures: {
        soak_heap_growth_ratio: Number(soak.heapGrowthRatio.toFixed(4)),
        soak_own_requests_first_load: stretch('first load')?.ownRequests ?? -1,
        soak_own_requests_hour: stretch('page polling')?.ownRequests ?? -1,
        soak_own_requests_max_minute_no_page_poll: stretch('no page poll')?.mostInAMinute ?? -1,
        soak_own_requests_hidden: stretch('hidden')?.ownRequests ?? -1,
        soak_lens_bytes_written_hour: stretch('page polling')?.lensBytesWritten ?? -1,
      },
      rows,
    };
  },
});
