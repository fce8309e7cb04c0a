import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, exportOptionsOf } from '@/lens/runtime/contract/settings';
import {
  type FetchOutcome,
  type FetchSettings,
  fetchAccountConversation,
  keptOfTree,
} from '@/lens/runtime/worker/account-run-fetch';
import { createAuth } from '@/lib/api/auth';
import { type BackendClient, createBackendClient } from '@/lib/api/backend-client';
import { loadConversationsBatch } from '@/lib/api/conversations-batch';
import { createRateGovernor } from '@/lib/api/rate-governor';
import type { AccountRunItem } from '@/lib/library/account-run-item';
import { accountHistory } from '@/tests/replica/fixtures/account-history';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { type Replica, startReplica } from '@/tests/replica/server';
import { replicaFetch } from '@/tests/support/replica-fetch';

const ACCOUNT = { generated: 12, scenarios: true, perProject: 3 };
let replica: Replica;
let client: BackendClient;
beforeAll(async () => {
  replica = await startReplica();
  replica.setAccount(ACCOUNT);
  const now = () => Date.now();
  const { fetch } = replicaFetch(replica, now);
  const governor = createRateGovernor({ now });
  client = createBackendClient({ fetch, auth: createAuth({ fetch, now, governor }), governor });
});
afterAll(() => replica.close());

const SETTINGS: FetchSettings = {
  keepAnswerText: true,
  zipFormat: 'md',
  write: { ...exportOptionsOf(DEFAULT_SETTINGS), exportedAt: new Date(Date.UTC(2026, 10, 28)) },
  takenPaths: [],
  now: Date.UTC(2026, 10, 28),
};

const itemOf = (id: string): AccountRunItem => ({
  id,
  title: null,
  updateTime: null,
  projectId: null,
  archived: false,
  state: 'pending',
  attempts: 0,
  error: null,
  fetchedUpdateTime: null,
  document: null,
});

/** The Details line that says how many messages pages were read: the batch reads one (whole-tree.ts). */
const PAGES_READ = /^- Messages format: loaded, complete, \d+ pages?$/m;

/** A fetched conversation as the library and the ZIP keep it: its record, and its files as text. */
function kept(outcome: FetchOutcome) {
  if (outcome.kind === 'failed') throw new Error(outcome.error.message);
  const decoder = new TextDecoder();
  return {
    record: outcome.record,
    document: outcome.document,
    files: outcome.files.map((file) => ({
      path: file.path,
      text: decoder.decode(file.content).replace(PAGES_READ, '- Messages format: loaded, complete'),
    })),
  };
}

/**
 * architecture "Adding the whole account": a conversation read ten at a time through the batch read
 * (site-interface 10.13) is kept as its messages format read alone keeps it (site-interface 4.1), queries,
 * pages, ads and offers included, and its document for the ZIP is the same.
 */
describe('a conversation read through the batch read', () => {
  const readable = Object.values(SCENARIOS).filter(
    (scenario) => !scenario.malformedMessages && scenario.rateLimit === null,
  );
  // A generated one in the history and one in a project (account-history.ts).
  const generated = accountHistory(ACCOUNT).filter((item) => item.broken === null && !(item.id in SCENARIOS));
  const inHistory = generated.find((item) => item.projectId === null);
  const inProject = generated.find((item) => item.projectId !== null);

  it.each([
    ...readable.map((scenario) => [scenario.name, scenario.id] as const),
    ['generated', inHistory?.id ?? ''] as const,
    ['generated in a project', inProject?.id ?? ''] as const,
  ])('%s: the library record and the ZIP document are those of its messages format', async (_name, id) => {
    const alone = kept(await fetchAccountConversation(client, itemOf(id), SETTINGS));
    const batch = await loadConversationsBatch(client, [id]);
    if (batch.status !== 'loaded') throw new Error(`the batch answered ${batch.status}`);
    const tree = batch.trees.get(id);
    expect(tree).toBeDefined();
    expect(kept(keptOfTree(tree, itemOf(id), SETTINGS))).toEqual(alone);
  });

  it('holds the queries, pages and ads the account keeps, so the comparison compares something', async () => {
    const records = await Promise.all(
      readable.map(async (scenario) =>
        kept(await fetchAccountConversation(client, itemOf(scenario.id), SETTINGS)),
      ),
    );
    const text = JSON.stringify(records.map((entry) => entry.record));
    expect(text).toMatch(/"queries":\[\{/);
  });
});
