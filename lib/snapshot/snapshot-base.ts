import type { PagesProgress } from '@/lib/api/conversation-pages';
import type { RateGovernorWait } from '@/lib/api/rate-governor';
import type { LensError } from '@/lib/model/result';
import type { TransportObservation } from '@/lib/model/transport';

/*
 * What the popup and the side panel show of a conversation beside the features' members, as the worker
 * writes it into the tab lens (lens/runtime/contract/tab-lens.ts): plain JSON, no message text, no token.
 * A feature's view reads these and its own members (`ViewSnapshot`, features/feature.ts).
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

/** The snapshot's own members; the features add theirs (LensSnapshot, lens/runtime/contract/lens-snapshot.ts). */
export interface SnapshotBase {
  conversationId: string;
  /** null while no format of the conversation is held. */
  summary: SnapshotSummary | null;
  /**
   * "Turn 3: Which headphones…" for each turn the queries or sources name, by turn index (the views list
   * them per turn). Only those turns' questions, shortened: the snapshot keeps no transcript.
   */
  turnLabels: Record<string, string>;
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
