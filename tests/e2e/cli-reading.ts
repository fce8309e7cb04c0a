import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectFileText } from '@/lens/cli/inspect-file';
import type { Inspection } from '@/lens/insights/inspection';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { projectRoot } from '@/tests/support/build-extension';
import { conversationEntries, har } from '@/tests/support/build-har';

/**
 * What the command line makes of a scenario's conversation, saved as a HAR of what the replica's chat page
 * loads for it (both formats, the account, the ads in the scenario's form): the reference a browser's
 * capture of the same page must match.
 */
function scenarioHar(name: FixtureName): string {
  const id = FIXTURE_IDS[name];
  const scenario = SCENARIOS[id];
  if (scenario === undefined) throw new Error(`no scenario ${name}`);
  return JSON.stringify(har(conversationEntries(id, { ads: scenario.withAds, wire: scenario.wire })));
}

/** The conversation as the command line reads it from the HAR. */
export function cliInspection(name: FixtureName): Inspection {
  const read = inspectFileText(scenarioHar(name));
  if (!read.ok) throw new Error(read.error.message);
  const [inspection] = read.value.inspections;
  if (inspection === undefined) throw new Error(`the HAR of ${name} holds no conversation`);
  return inspection;
}

/** What `chat-lens-inspect <the HAR> --format <format>` prints: the reference a browser's export must match. */
export function cliExport(name: FixtureName, format: 'md' | 'json' | 'csv'): string {
  const folder = mkdtempSync(join(tmpdir(), 'chat-lens-har-'));
  const file = join(folder, `${name}.har`);
  try {
    writeFileSync(file, scenarioHar(name));
    return execFileSync(process.execPath, ['bin/chat-lens-inspect.mjs', file, '--format', format], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The time of the export, the one value two exports of one conversation differ by: the Markdown's front
 * matter line and the JSON's member (the CSV of queries has none).
 */
export const withoutExportTime = (text: string): string =>
  text.replace(/^exported: ".*"$/m, 'exported:').replace(/"exportedAt": ?"[^"]*"/, '"exportedAt":');
