import * as v from 'valibot';
import type { AccountRunRecord } from '@/lens/library/account-run-store';
import type { RunCounts } from '@/lib/library/account-run-item';

/**
 * How a run reads the conversations (architecture "Adding the whole account"): ten a request through the
 * batch read (site-interface 10.13), or one at a time, because the account has no batch read or because it
 * answered 429 too often.
 */
export type AccountRunReading = 'batch' | 'alone-no-batch' | 'alone-rate-limited';

/**
 * What the library page shows of a run of "add the whole account" (architecture "Adding the whole account"),
 * written by the worker after every step. Counts and times only: the conversations themselves are in the
 * run's database, which the page reads for the failed list and the ZIP.
 */
export interface AccountRunStatus extends RunCounts {
  status: AccountRunRecord['status'] | 'none';
  phase: AccountRunRecord['phase'];
  /** The worker is stepping through the run now (false after a stop, until it wakes). */
  active: boolean;
  startedAt: number | null;
  finishedAt: number | null;
  /** Epoch ms when the site allows requests again after a 429; null when it does. */
  rateLimitedUntil: number | null;
  /** What is left, at the pace this run has kept; null before it knows. */
  etaMs: number | null;
  /** The run keeps the pace chatgpt.com allows, learnt from a 429 (site-interface 7); missing from a status an earlier version stored. */
  paced?: boolean;
  /** How it reads the conversations now; missing from a status an earlier version stored. */
  reading?: AccountRunReading;
  /** Conversations a request reads now: ten through the batch read, fewer after a 422, else one. */
  perRequest?: number;
  zipFormat: AccountRunRecord['zipFormat'];
  error: string | null;
  listingNote: string | null;
  /** When the worker last wrote it. */
  at: number;
}

export const NO_ACCOUNT_RUN: AccountRunStatus = {
  status: 'none',
  phase: 'listing',
  active: false,
  listed: 0,
  done: 0,
  failed: 0,
  left: 0,
  startedAt: null,
  finishedAt: null,
  rateLimitedUntil: null,
  etaMs: null,
  paced: false,
  reading: 'batch',
  perRequest: 10,
  zipFormat: null,
  error: null,
  listingNote: null,
  at: 0,
};

/** What the library page asks of a run. `start` lists the account again and fetches what is new or changed. */
export const ACCOUNT_RUN_ACTIONS = [
  'start',
  'pause',
  'resume',
  'cancel',
  'retryFailed',
  'wake',
  'forget',
] as const;
export type AccountRunAction = (typeof ACCOUNT_RUN_ACTIONS)[number];

/** The formats a run can keep each conversation in for its ZIP: one document each (export-format "ZIP of many conversations"). */
export const ACCOUNT_RUN_ZIP_FORMATS = ['md', 'html', 'json'] as const;

export const accountRunRequestSchema = v.object({
  action: v.picklist(ACCOUNT_RUN_ACTIONS),
  zipFormat: v.fallback(v.optional(v.nullable(v.picklist(ACCOUNT_RUN_ZIP_FORMATS))), undefined),
});

export type AccountRunRequest = v.InferOutput<typeof accountRunRequestSchema>;
