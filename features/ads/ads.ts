import type { AdAccount } from '@/lib/model/ad-account';
import type { AdCard, AdEntry, AdsReport } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';

/**
 * What the popup, the side panel and the exports show of the ads of a conversation (site-interface 4.3)
 * and of the account they were targeted at (site-interface 4.6). Every link is already clean: the parser
 * removed the tracking parameters and kept only their names.
 */
export interface AdListing {
  turnId: string | null;
  /** The turn of the conversation the ad was served with, where its turn id names a message of it. */
  turnIndex: number | null;
  /** Served inside an answer stream (site-interface 10.6), live, rather than only by the ads endpoint. */
  streamed: boolean;
  advertiser: string | null;
  advertiserId: string | null;
  advertiserUrl: string | null;
  /** The first card's title. */
  title: string | null;
  /** Where the ad leads: the first card's link, else the first target, else the advertiser's site. */
  link: string | null;
  format: string | null;
  unitType: string | null;
  headerLabel: string | null;
  targetHosts: string[];
  cardCount: number;
  /** Every card, links clean. */
  cards: AdCard[];
  faviconUrl: string | null;
  logoUrl: string | null;
  /** Names of the tracking parameters removed from this ad's links. */
  removedTrackingParams: string[];
  /** When it was shown, where a data export's ad history dates it (site-interface 10.8). */
  shownAt: number | null;
}

export interface AdsOverview {
  /** False when the service says no ad was shown (empty entries_by_turn_id), or no ads response was seen. */
  shownAny: boolean;
  requested: number | null;
  delivered: number | null;
  optOut: boolean | null;
  /** segment_id of the ads response. */
  segmentId: string | null;
  /** ads_segment_id of the account (/me). */
  accountSegmentId: string | null;
  /** The account's country code, else the one the ads response gives. */
  country: string | null;
  adCount: number;
  /** Distinct advertiser names, in order of first appearance. */
  advertisers: string[];
  ads: AdListing[];
  removedTrackingParams: string[];
}

function listing(entry: AdEntry, turnIndexOf: (id: string | null) => number | null): AdListing {
  const firstCard = entry.cards[0];
  return {
    turnId: entry.turnId,
    turnIndex: turnIndexOf(entry.turnId),
    streamed: entry.streamed,
    advertiser: entry.advertiser.name,
    advertiserId: entry.advertiser.id,
    advertiserUrl: entry.advertiser.url,
    title: firstCard?.title ?? null,
    link: firstCard?.url ?? entry.targets[0]?.url ?? entry.advertiser.url,
    format: entry.format,
    unitType: entry.unitType,
    headerLabel: entry.headerLabel,
    targetHosts: entry.targetHosts,
    cardCount: entry.cards.length,
    cards: entry.cards.map((card) => ({ ...card })),
    faviconUrl: entry.faviconUrl,
    logoUrl: entry.logoUrl,
    removedTrackingParams: [...entry.removedTrackingParams],
    shownAt: entry.shownAt,
  };
}

/** The turn that holds a message of this id: an ad's turn id may name its prompt or its answer. */
function turnIndexer(conversation: Conversation | null): (id: string | null) => number | null {
  const turnOf = new Map<string, number>();
  conversation?.turns.forEach((turn, index) => {
    for (const id of turn.messageIds) turnOf.set(id, index);
  });
  return (id) => (id === null ? null : (turnOf.get(id) ?? null));
}

export function summarizeAds(
  report: AdsReport | null,
  account: AdAccount | null,
  conversation: Conversation | null = null,
): AdsOverview {
  const turnIndexOf = turnIndexer(conversation);
  // site-interface 4.3: an empty entries_by_turn_id means no ad was shown, whatever else the response lists.
  const ads = report?.shownAny ? report.entries.map((entry) => listing(entry, turnIndexOf)) : [];
  const advertisers: string[] = [];
  for (const ad of ads)
    if (ad.advertiser !== null && !advertisers.includes(ad.advertiser)) advertisers.push(ad.advertiser);
  return {
    shownAny: report?.shownAny ?? false,
    requested: report?.requested ?? null,
    delivered: report?.delivered ?? null,
    optOut: report?.optOut ?? null,
    segmentId: report?.segmentId ?? null,
    accountSegmentId: account?.segmentId ?? null,
    country: account?.country ?? report?.country ?? null,
    adCount: ads.length,
    advertisers,
    ads,
    removedTrackingParams: report?.removedTrackingParams ?? [],
  };
}
