import type { ConversationHolding } from '@/lens/holding/conversation-holding';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import type { RateGovernorState } from '@/lib/api/rate-governor';
import type { AdAccount } from '@/lib/model/ad-account';
import { buildLensSnapshot } from './build-lens-snapshot';

export interface SnapshotContext {
  governor: RateGovernorState;
  account: AdAccount | null;
  now: number;
}

/**
 * The snapshot a tab's lens shows of its conversation, rebuilt only when the holding, the governor or the
 * account changed, so an unchanged poll costs nothing. A lens restored from storage (the worker was
 * stopped and started again) keeps its snapshot on screen until the holding has the messages format
 * again, since the tree alone lacks the queries (site-interface 9.1).
 */
export class TabSnapshots {
  #recovering: string | null;
  #cache: { key: string; snapshot: LensSnapshot | null } | null = null;

  constructor(stored: TabLens | null) {
    this.#recovering = stored?.snapshot?.summary != null ? stored.conversationId : null;
  }

  /** The stored snapshot of this conversation is shown while its holding loads it again. */
  isRecovering(conversationId: string): boolean {
    return this.#recovering === conversationId;
  }

  snapshotOf(
    holding: ConversationHolding,
    stored: LensSnapshot | null,
    context: SnapshotContext,
  ): LensSnapshot | null {
    if (this.#recovering === holding.conversationId) {
      if (!holding.facts().hasNewestPage && holding.ledger.load().status !== 'failed') return stored;
      this.#recovering = null;
    }
    const { governor, account, now } = context;
    const key = JSON.stringify([holding.conversationId, holding.revision, governor, account !== null]);
    if (this.#cache?.key === key) return this.#cache.snapshot;
    const built = buildLensSnapshot({ holding, account, governor, now });
    const snapshot = built.summary === null && stored?.summary != null ? stored : built;
    this.#cache = { key, snapshot };
    return snapshot;
  }
}
