import { findAdMember } from './ad-member-search';
import { type AdEntry, type AdsReport, noAdsListed, parseAdRecord } from './ad-record';
import { isRecord, readIdentifier, readTimeMs } from './json-read';

/**
 * `ads.json` of a data export (site-interface 10.8): `{ads_profile: [{profile_version, inferred_profile:
 * {user_interests: [{interest}]}}], ad_hides, reported_ads, ad_history}`. The public captures list no
 * entry of the three lists, so an entry is read as the ads endpoint's records are (ad-record.ts: the
 * advertiser, the cards, the links without their tracking values, wherever those sit), with the
 * conversation it names and a time in any of the site's forms. Never throws; an entry nothing can be read
 * of is counted.
 */
export interface ExportAd {
  /** The conversation it was shown in; null when the entry names none (an ad of the account). */
  conversationId: string | null;
  entry: AdEntry;
}

export interface ExportAds {
  /** The interests ChatGPT's ads inferred, of the latest profile, in its order. */
  interests: string[];
  /** That profile's `profile_version`; null when it names none. */
  profileVersion: number | null;
  /** `ad_history`: the ads the user was shown. */
  shown: ExportAd[];
  /** `ad_hides` and `reported_ads`: the ads the user hid or reported. */
  hidden: ExportAd[];
  reported: ExportAd[];
  /** Entries of the three lists nothing could be read of. */
  unreadable: number;
}

const TIME_MEMBERS = ['shown_at', 'create_time', 'created_at', 'timestamp', 'time', 'date'] as const;

const readInterest = (item: unknown): string | null => {
  const value = isRecord(item) ? (item.interest ?? item.name) : item;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The profile of the greatest `profile_version`, else the last listed: an older one was replaced. */
function latestProfile(profiles: readonly unknown[]): Record<string, unknown> | null {
  let latest: Record<string, unknown> | null = null;
  let latestVersion = Number.NEGATIVE_INFINITY;
  for (const profile of profiles) {
    if (!isRecord(profile)) continue;
    const version = Number(profile.profile_version);
    const rank = Number.isFinite(version) ? version : latestVersion;
    if (rank >= latestVersion) {
      latest = profile;
      latestVersion = rank;
    }
  }
  return latest;
}

function interestsOf(profile: Record<string, unknown> | null): string[] {
  const inferred = isRecord(profile?.inferred_profile) ? profile.inferred_profile : profile;
  const listed = isRecord(inferred) && Array.isArray(inferred.user_interests) ? inferred.user_interests : [];
  const interests: string[] = [];
  for (const item of listed) {
    const interest = readInterest(item);
    if (interest !== null && !interests.includes(interest)) interests.push(interest);
  }
  return interests;
}

/** Something of the ad was read: who advertised, or what it showed or led to. */
const holdsAnything = (entry: AdEntry): boolean =>
  entry.advertiser.name !== null ||
  entry.advertiser.url !== null ||
  entry.advertiser.id !== null ||
  entry.cards.length > 0 ||
  entry.targets.length > 0;

/** The ads of one of the lists, and how many of its entries held nothing readable. */
function adsOf(list: unknown): { ads: ExportAd[]; unreadable: number } {
  const ads: ExportAd[] = [];
  let unreadable = 0;
  for (const raw of Array.isArray(list) ? list : []) {
    if (!isRecord(raw)) {
      unreadable += 1;
      continue;
    }
    const shownAt = findAdMember([raw], TIME_MEMBERS, readTimeMs);
    const turnId = findAdMember([raw], ['message_id'], readIdentifier);
    const entries = parseAdRecord(raw, turnId, []).filter(holdsAnything);
    if (entries.length === 0) unreadable += 1;
    const conversationId = findAdMember([raw], ['conversation_id'], readIdentifier);
    for (const entry of entries) ads.push({ conversationId, entry: { ...entry, shownAt } });
  }
  return { ads, unreadable };
}

export function readExportAds(file: unknown): ExportAds {
  const body = isRecord(file) ? file : {};
  const profile = latestProfile(Array.isArray(body.ads_profile) ? body.ads_profile : []);
  const version = profile?.profile_version;
  const shown = adsOf(body.ad_history);
  const hidden = adsOf(body.ad_hides);
  const reported = adsOf(body.reported_ads);
  return {
    interests: interestsOf(profile),
    profileVersion: typeof version === 'number' && Number.isFinite(version) ? version : null,
    shown: shown.ads,
    hidden: hidden.ads,
    reported: reported.ads,
    unreadable: shown.unreadable + hidden.unreadable + reported.unreadable,
  };
}

/**
 * The ads a conversation was shown, as an ads report (ad-record.ts), so they show where an ads response's
 * do; null when the ad history names none of it.
 */
export function exportAdsReport(ads: readonly ExportAd[]): AdsReport | null {
  if (ads.length === 0) return null;
  const removed = [...new Set(ads.flatMap((ad) => ad.entry.removedTrackingParams))];
  // A response that names nothing but its ads: the history says nothing of segments or the account.
  return {
    ...noAdsListed(),
    shownAny: true,
    entries: ads.map((ad) => ad.entry),
    removedTrackingParams: removed,
  };
}
