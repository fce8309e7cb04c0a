import { type PromptVariance, PromptVariances } from '@/features/queries/prompt-variance';
import { summaryTable } from '@/lib/library/library-table';
import { listCell, type RowOf } from '@/lib/library/table-column';
import type { LibraryConversation } from './library-record';

const COLUMNS = [
  { name: 'prompt', type: 'string', meaning: 'the prompt, as first met' },
  {
    name: 'versions',
    type: 'integer',
    meaning:
      'the answers to it the library holds: the same prompt (trimmed, spaces collapsed, case ignored) in any turn or conversation, and regenerations and edits in a tree',
  },
  { name: 'conversations', type: 'integer', meaning: 'the conversations its versions are in' },
  {
    name: 'branch_versions',
    type: 'integer',
    meaning: 'its versions read from branches the site no longer shows (regenerated answers, edited prompts)',
  },
  {
    name: 'searched_share',
    type: 'number',
    meaning: 'the share of its versions that searched, of those where that is known; null when none is',
  },
  {
    name: 'query_overlap',
    type: 'number',
    meaning:
      'the mean, over pairs of versions, of the Jaccard index of their search queries (lower-cased, spaces collapsed); a pair where neither searched is left out; null when every pair is',
  },
  {
    name: 'domain_overlap',
    type: 'number',
    meaning: "the same of their cited pages' domains (the joined table's page_domain where cited)",
  },
  {
    name: 'brand_overlap',
    type: 'number',
    meaning: 'the same of the brands they cite or name; null when no brand is set',
  },
  {
    name: 'stable_queries',
    type: 'string',
    meaning:
      'the queries in at least half of its versions, most frequent first, joined with " | "; null for none',
  },
  {
    name: 'stable_domains',
    type: 'string',
    meaning: 'the cited domains in at least half of its versions, as stable_queries',
  },
  {
    name: 'first_asked',
    type: 'timestamp',
    meaning: 'when its first version was asked; null when none is dated',
  },
  { name: 'last_asked', type: 'timestamp', meaning: 'when its last version was asked' },
  {
    name: 'models',
    type: 'string',
    meaning:
      'the models that answered its versions, in order of first answer, joined with " | "; null for none',
  },
] as const;

export const promptCells = (variance: PromptVariance): RowOf<typeof COLUMNS> => ({
  prompt: variance.prompt,
  versions: variance.versions,
  conversations: variance.conversations,
  branch_versions: variance.branchVersions,
  searched_share: variance.searchedShare,
  query_overlap: variance.queryOverlap,
  domain_overlap: variance.domainOverlap,
  brand_overlap: variance.brandOverlap,
  stable_queries: listCell(variance.stableQueries),
  stable_domains: listCell(variance.stableDomains),
  first_asked: variance.firstAsked,
  last_asked: variance.lastAsked,
  models: listCell(variance.models),
});

/**
 * One row per prompt with two or more versions (architecture "Versions of a prompt"), the prompts whose
 * answers move most first. Its rows sum up every conversation, so they come once all were read.
 */
export const PROMPTS_TABLE = summaryTable({
  name: 'prompts',
  grain: 'one row per prompt asked two or more times',
  columns: COLUMNS,
  // A prompt's row goes with the month it was last asked in: where its newest version is.
  dataset: { version: 2, monthFrom: ['last_asked'] },
  gather: ({ brands }) => {
    const variances = new PromptVariances(brands);
    return {
      add: (conversation: LibraryConversation) => variances.add(conversation),
      rows: () => variances.list().map(promptCells),
    };
  },
});
