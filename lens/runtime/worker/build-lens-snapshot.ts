import { featureSnapshot } from '@/features/index';
import type { ConversationHolding } from '@/lens/holding/conversation-holding';
import type { Inspection } from '@/lens/insights/inspection';
import { conversationVersions } from '@/lens/library/conversation-versions';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import type { RateGovernorWait } from '@/lib/api/rate-governor';
import { turnLabels, turnLabelText } from '@/lib/export/turn-labels';
import type { AdAccount } from '@/lib/model/ad-account';

export const MAX_SNAPSHOT_WARNINGS = 50;

export interface SnapshotInput {
  holding: ConversationHolding;
  account: AdAccount | null;
  governor: RateGovernorWait;
  now: number;
}

const TURN_QUESTION_LENGTH = 120;

function labelsOfListedTurns(inspection: Inspection): Record<string, string> {
  const listed = new Set([
    ...inspection.queries.queries.map((query) => query.turnIndex),
    ...inspection.sources.map((source) => source.turnIndex),
    ...(inspection.ads?.ads ?? []).flatMap((ad) => (ad.turnIndex === null ? [] : [ad.turnIndex])),
    ...inspection.turnFacts.filter((fact) => fact.searched === false).map((fact) => fact.turnIndex),
  ]);
  const labels: Record<string, string> = {};
  for (const [index, label] of turnLabels(inspection.conversation, listed, TURN_QUESTION_LENGTH))
    labels[String(index)] = turnLabelText(label);
  return labels;
}

/**
 * What the popup and the side panel show first, as soon as they open, as plain JSON small enough for the
 * session storage area (10 MB for everything, architecture "Browser facts"): summary, queries, sources,
 * ads, offers, transport, formats, progress, errors, governor. It holds no message text and no token value:
 * everything in it comes out of the parsers that turned secrets into flags (architecture "Secrets"), and the
 * lookup keys and the access token are never read here. The full conversation lives in the worker's memory
 * (ConversationHolding); a restarted worker starts from this snapshot and reloads the conversation on demand
 * by refetching it through the core (loadConversationPages, one governor), which is also what an export of a
 * 10,000-message conversation reads.
 */
export function buildLensSnapshot(input: SnapshotInput): LensSnapshot {
  const { holding, governor, now } = input;
  const formats = holding.formats();
  const inspection = holding.inspection(input.account);
  const conversation = inspection?.conversation ?? null;
  const { progress: loading, ...load } = holding.ledger.load();
  const errors = [load.error, holding.ledger.offersRefresh().error].filter((error) => error !== null);
  const warnings = [...holding.captured.warnings(), ...formats.warnings];
  const future = (time: number | null): number | null => (time !== null && time > now ? time : null);
  return {
    conversationId: holding.conversationId,
    summary:
      conversation === null
        ? null
        : {
            title: conversation.title,
            model: conversation.modelSlug,
            messageCount: conversation.messages.length,
            turnCount: conversation.turns.length,
            extraKeys: conversation.extraKeys,
            answering: conversation.answering,
          },
    turnLabels: inspection === null ? {} : labelsOfListedTurns(inspection),
    promptVersions: inspection === null ? [] : conversationVersions(inspection),
    transportCounts: holding.captured.transport(),
    ...featureSnapshot(inspection),
    progress: { ...holding.pages.progress(), loading },
    load,
    offersRefresh: holding.ledger.offersRefresh(),
    errors,
    warnings: warnings.slice(-MAX_SNAPSHOT_WARNINGS),
    governor: { blockedUntil: governor.blockedUntil, strikes: governor.strikes },
    rateLimitedUntil: future(governor.blockedUntil) ?? future(load.rateLimitedUntil),
    updatedAt: now,
  };
}
