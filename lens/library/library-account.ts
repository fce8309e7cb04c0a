import { keptAdOf, type LibraryAd } from '@/features/ads/ad-record';
import { summarizeAds } from '@/features/ads/ads';
import { type ExportAds, exportAdsReport } from '@/lib/model/export-ads';
import type { LibraryAccount } from './library-record';

/**
 * What the library keeps of a data export's `ads.json` beyond its conversations
 * (architecture "The library"): the interests ChatGPT's ads inferred and the ads of the history that name
 * no conversation, made as a conversation's ads are (ad-record.ts, ads.ts), so their links are as clean.
 * null when the file holds neither.
 */
export function accountOfExport(ads: ExportAds, savedAt: number): LibraryAccount | null {
  const ofTheAccount = ads.shown.filter((ad) => ad.conversationId === null);
  if (ads.interests.length === 0 && ofTheAccount.length === 0) return null;
  return {
    interests: [...ads.interests],
    profileVersion: ads.profileVersion,
    ads: summarizeAds(exportAdsReport(ofTheAccount), null).ads.map(keptAdOf),
    savedAt,
  };
}

/** The incoming profile is older than the kept one: both name a version and the kept one's is greater. */
const isOlderProfile = (incoming: LibraryAccount, kept: LibraryAccount): boolean =>
  incoming.profileVersion !== null &&
  kept.profileVersion !== null &&
  incoming.profileVersion < kept.profileVersion;

const adKey = (ad: LibraryAd): string => JSON.stringify(ad);

/** Oldest first; an undated ad after the dated ones, in the order it came. */
const byShownAt = (a: LibraryAd, b: LibraryAd): number =>
  (a.shownAt ?? Number.POSITIVE_INFINITY) - (b.shownAt ?? Number.POSITIVE_INFINITY) || 0;

/**
 * An import's account facts over those kept. Each export holds the whole history it was made with, so the
 * ads are the union of both, each once, oldest first; the interests are the incoming profile's unless it
 * names none or an older version than the kept one (an older export imported later).
 */
export function mergeAccount(kept: LibraryAccount | null, incoming: LibraryAccount): LibraryAccount {
  if (kept === null) return { ...incoming, ads: incoming.ads.toSorted(byShownAt) };
  const keepsProfile = incoming.interests.length === 0 || isOlderProfile(incoming, kept);
  const ads = new Map([...kept.ads, ...incoming.ads].map((ad) => [adKey(ad), ad]));
  return {
    interests: keepsProfile ? kept.interests : incoming.interests,
    profileVersion: keepsProfile ? kept.profileVersion : incoming.profileVersion,
    ads: [...ads.values()].toSorted(byShownAt),
    savedAt: Math.max(kept.savedAt, incoming.savedAt),
  };
}
