import type { AdEntry, AdsReport } from '@/lib/model/ad-record';
import { readIdentifier } from '@/lib/model/json-read';
import type { StreamedTurn } from '@/lib/model/streamed-turn';

/** The same ad, as the ads endpoint lists it and as a stream served it: same advertiser, same first card. */
function sameAd(a: AdEntry, b: AdEntry): boolean {
  const advertiser =
    a.advertiser.id !== null && b.advertiser.id !== null
      ? a.advertiser.id === b.advertiser.id
      : a.advertiser.name === b.advertiser.name;
  return advertiser && (a.cards[0]?.title ?? null) === (b.cards[0]?.title ?? null);
}

/**
 * The ads of the conversation with those its answer streams served (site-interface 10.6, `ads` records)
 * joined in: an ad the ads endpoint lists too is that endpoint's entry, marked streamed; any other comes
 * after the listed ones, naming its turn's prompt when the record names no turn. Without an ads response the streamed
 * ads alone make the report.
 */
export function withStreamedAds(report: AdsReport | null, turns: readonly StreamedTurn[]): AdsReport | null {
  const streamed = turns.flatMap((turn) => {
    const promptId = turn.inputMessage === null ? null : readIdentifier(turn.inputMessage.id);
    return turn.ads.map((entry) => ({ ...entry, turnId: entry.turnId ?? promptId }));
  });
  if (streamed.length === 0) return report;
  const listed = report?.entries ?? [];
  const entries = listed.map((entry) =>
    streamed.some((ad) => sameAd(ad, entry)) ? { ...entry, streamed: true } : entry,
  );
  for (const ad of streamed) if (!listed.some((entry) => sameAd(ad, entry))) entries.push(ad);
  const removed = [...new Set(entries.flatMap((entry) => entry.removedTrackingParams))];
  return {
    requested: report?.requested ?? null,
    delivered: report?.delivered ?? null,
    segmentId: report?.segmentId ?? null,
    optOut: report?.optOut ?? null,
    account: report?.account ?? null,
    country: report?.country ?? null,
    shownAny: true,
    entries,
    removedTrackingParams: removed,
  };
}
