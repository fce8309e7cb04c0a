/**
 * What the Markdown transcript writes of a conversation besides its prompts and answers (export-format
 * "Options"). Each default is what a reader gets when nothing is chosen.
 */

/**
 * The model's reasoning: `full`, its reasoning (each thought's headline and text) as a quote, its thinking
 * preambles and the "Thought for 14s" line; `summary`, only what the site shows before it is opened (the
 * preambles and that line); `none`, none of them.
 */
export type ReasoningDetail = 'full' | 'summary' | 'none';
export const REASONING_DETAILS: readonly ReasoningDetail[] = ['full', 'summary', 'none'];

/** The tools' calls and outputs as their one-line mentions (`shown`) or left out (`none`). */
export type ToolCallDetail = 'shown' | 'none';
export const TOOL_CALL_DETAILS: readonly ToolCallDetail[] = ['shown', 'none'];

/** Each prompt's time written under its heading (`on`) or not (`off`). */
export type TimestampDetail = 'on' | 'off';
export const TIMESTAMP_DETAILS: readonly TimestampDetail[] = ['on', 'off'];

/**
 * The branch written: `active`, the one the site shows; `all`, every version of an edited prompt or a
 * regenerated answer, each marked, where the tree format (which alone holds them) was loaded.
 */
export type BranchDetail = 'active' | 'all';
export const BRANCH_DETAILS: readonly BranchDetail[] = ['active', 'all'];

export interface TranscriptOptions {
  reasoning: ReasoningDetail;
  toolCalls: ToolCallDetail;
  timestamps: TimestampDetail;
  branches: BranchDetail;
}

export const DEFAULT_TRANSCRIPT_OPTIONS: TranscriptOptions = {
  reasoning: 'full',
  toolCalls: 'shown',
  timestamps: 'off',
  branches: 'active',
};
