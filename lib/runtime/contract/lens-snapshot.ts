import type { TransportObservation } from '@/features/details/transport';
import type { FeatureSnapshot } from '@/features/index';
import type { PagesProgress } from '@/lib/api/conversation-pages';
import type { RateGovernorWait } from '@/lib/api/rate-governor';
import type { PromptVariance } from '@/lib/library/prompt-variance';
import type { LensError } from '@/lib/model/result';

/*
 * What the popup and the side panel show of a conversation, as the worker writes it into the tab lens
 * (tab-lens.ts): plain JSON, no message text, no token.
 */

/** How the core's own loads for the conversation stand. */
export interface LoadState {
  status: 'idle' | 'loading' | 'rate-limited' | 'signed-out' | 'failed';
  /** site-interface 7: epoch ms before which no request goes out, while status is 'rate-limited'. */
  rateLimitedUntil: number | null;
  /** What stopped the last load; everything loaded before it is still held. */
  error: LensError | null;
  /** Pages and messages of a load under way (site-interface 4.1), for a progress bar; null when none runs. */
  progress: PagesProgress | null;
}

/** How the last product refresh run (site-interface 4.4) stands. */
export interface OffersRefreshState {
  running: boolean;
  done: number;
  total: number;
  failures: number;
  rateLimitedUntil: number | null;
  error: LensError | null;
}

/** No product refresh run yet. */
export const NO_OFFERS_RUN: OffersRefreshState = {
  running: false,
  done: 0,
  total: 0,
  failures: 0,
  rateLimitedUntil: null,
  error: null,
};

export interface HeldPagesProgress {
  pagesLoaded: number;
  /** Distinct messages over the held pages. */
  messagesLoaded: number;
  /** The oldest held page says has_previous_page: older messages exist that are not held yet. */
  hasMore: boolean;
}

export interface SnapshotSummary {
  title: string | null;
  model: string | null;
  messageCount: number;
  turnCount: number;
  /**
   * Top-level keys of the responses that site-interface 2.1 does not list (site-interface 9.3;
   * architecture "Tolerant reader").
   */
  extraKeys: string[];
  /** The answer was still being made when the conversation was last read (site-interface 10.11). */
  answering: boolean;
}

/** The snapshot's own members; the features add theirs (LensSnapshot). */
export interface SnapshotBase {
  conversationId: string;
  /** null while no format of the conversation is held. */
  summary: SnapshotSummary | null;
  /**
   * "Turn 3: Which headphones…" for each turn the queries or sources name, by turn index (the views list
   * them per turn). Only those turns' questions, shortened: the snapshot keeps no transcript.
   */
  turnLabels: Record<string, string>;
  /** The prompts the tree holds other versions of, each shortened as a turn's label; empty without a fork. */
  promptVersions: PromptVariance[];
  transportCounts: TransportObservation;
  /** What is held, and the load under way, if one is. */
  progress: HeldPagesProgress & { loading: PagesProgress | null };
  load: Omit<LoadState, 'progress'>;
  offersRefresh: OffersRefreshState;
  errors: LensError[];
  warnings: string[];
  governor: RateGovernorWait;
  /** site-interface 7: epoch ms before which the extension sends nothing; null when it may send. */
  rateLimitedUntil: number | null;
  updatedAt: number;
}

/** What the views read: the snapshot's own members and every feature's (features/index.ts). */
export type LensSnapshot = SnapshotBase & FeatureSnapshot;
