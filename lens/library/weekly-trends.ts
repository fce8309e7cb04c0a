import type { LibraryAd } from '@/features/ads/ad-record';
import { isPrompted } from '@/lib/library/answers';
import { BrandMatcher, OWN } from '@/lib/library/brand-matcher';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { namesAnyBrand } from '@/lib/library/brand-settings';
import { byCountThenName } from '@/lib/library/ranking';
import { weekOf, weekRange } from '@/lib/library/week';
import { answeredBrands } from './brands';
import type { LibraryAccount, LibraryConversation } from './library-record';

/** One line of a trend: a brand's or an advertiser's value in each week of `WeeklyTrend.weeks`. */
export interface TrendLine {
  /** The brand's name as set (the user's own may be blank), or the advertiser's; '' for `rest`. */
  name: string;
  /** The user's own brand. */
  own: boolean;
  /** Every advertiser below the top ones, together. */
  rest: boolean;
  /** null where the week has nothing to count against: a gap in the line. */
  values: (number | null)[];
}

/** A figure week by week: its lines, and what each week counts against. */
export interface WeeklyTrend {
  lines: TrendLine[];
  /** Per week: all cited pages, all mentions of a brand, or all ads. */
  totals: number[];
}

/**
 * The library's brands and ads week by week (weeks start on Monday, in UTC: week.ts), from the first week
 * with an answer or a dated ad to the last, every week between included.
 */
export interface WeeklyTrends {
  weeks: string[];
  /** Each brand's part of the week's cited pages (brands.ts counts them per answer); null without brands. */
  citationShare: WeeklyTrend | null;
  /** Each brand's part of the week's mentions of any brand, in the answers kept with their text. */
  mentionShare: WeeklyTrend | null;
  /** Ads per advertiser, the top ones and then the rest; null in a week with neither answer nor ad. */
  ads: WeeklyTrend;
}

/** How many advertisers have a line of their own; the others share one. */
export const TOP_ADVERTISERS = 5;

/** Counts by brand (or advertiser) place, per week. */
class WeekCounts {
  readonly #counts = new Map<string, number[]>();

  add(week: string, place: number, count = 1): void {
    const counts = this.#counts.get(week) ?? [];
    counts[place] = (counts[place] ?? 0) + count;
    this.#counts.set(week, counts);
  }

  addAll(week: string, counts: readonly number[]): void {
    counts.forEach((count, place) => {
      this.add(week, place, count);
    });
  }

  of(week: string, place: number): number {
    return this.#counts.get(week)?.[place] ?? 0;
  }

  has(week: string): boolean {
    return this.#counts.has(week);
  }
}

/** A dated ad and who ran it ('' when the ad names no advertiser). */
interface DatedAd {
  week: string;
  advertiser: string;
}

/** The ads of the records and the account's, each in the week it was shown (else its turn's, else its conversation's). */
function datedAds(records: readonly LibraryConversation[], account: LibraryAccount | null): DatedAd[] {
  const dated = (ad: LibraryAd, fallback: number | null): DatedAd[] => {
    const week = weekOf(ad.shownAt ?? fallback);
    return week === null ? [] : [{ week, advertiser: ad.advertiser?.trim() ?? '' }];
  };
  return [
    ...records.flatMap((record) =>
      record.ads.flatMap((ad) =>
        dated(ad, record.turns.find((turn) => turn.index === ad.turnIndex)?.at ?? record.createdAt),
      ),
    ),
    ...(account?.ads ?? []).flatMap((ad) => dated(ad, null)),
  ];
}

/** The advertisers with the most ads, most first and ties by name; unnamed ads are never among them. */
function topAdvertisers(ads: readonly DatedAd[]): string[] {
  const counts = new Map<string, number>();
  for (const { advertiser } of ads)
    if (advertiser !== '') counts.set(advertiser, (counts.get(advertiser) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort(byCountThenName)
    .slice(0, TOP_ADVERTISERS)
    .map(({ name }) => name);
}

const partOf = (count: number, total: number): number | null => (total === 0 ? null : count / total);

/** Counts of the first `places` places in each week. */
const weekTotals = (weeks: readonly string[], places: number, counts: WeekCounts): number[] =>
  weeks.map((week) =>
    Array.from({ length: places }, (_, place) => counts.of(week, place)).reduce((a, b) => a + b, 0),
  );

/** Each brand's part of its week's total, the counts of the first `places` places (the brands', and more). */
function shareTrend(
  weeks: readonly string[],
  names: readonly string[],
  counts: WeekCounts,
  places: number,
): WeeklyTrend {
  const totals = weekTotals(weeks, places, counts);
  return {
    lines: names.map((name, place) => ({
      name,
      own: place === OWN,
      rest: false,
      values: weeks.map((week, at) => partOf(counts.of(week, place), totals[at] ?? 0)),
    })),
    totals,
  };
}

/** The library's brands and ads week by week, for the brands the user set and the account's ad history. */
export function weeklyTrends(
  records: readonly LibraryConversation[],
  brands: BrandSettings,
  account: LibraryAccount | null = null,
): WeeklyTrends {
  const configured = namesAnyBrand(brands);
  const matcher = new BrandMatcher(brands);
  const names = matcher.brands.map((brand) => brand.name);
  const cited = new WeekCounts();
  const mentioned = new WeekCounts();
  const answered = new Set<string>();
  for (const record of records) {
    for (const turn of record.turns.filter(isPrompted)) {
      const week = weekOf(turn.at ?? record.createdAt);
      if (week === null) continue;
      answered.add(week);
      if (!configured) continue;
      const answer = answeredBrands(turn, matcher);
      // The cited pages of no brand count in the week's total: the place after the brands holds them.
      cited.addAll(week, [...answer.cited, answer.citedOther]);
      if (answer.mentions !== null) mentioned.addAll(week, answer.mentions);
    }
  }
  const ads = datedAds(records, account);
  const weeks = weekRange([...answered, ...ads.map((ad) => ad.week)]);
  const top = topAdvertisers(ads);
  const adCounts = new WeekCounts();
  for (const { week, advertiser } of ads) {
    const place = top.indexOf(advertiser);
    adCounts.add(week, place === -1 ? top.length : place);
  }
  const adPlaces = ads.some((ad) => !top.includes(ad.advertiser)) ? [...top, ''] : top;
  const seen = (week: string): boolean => answered.has(week) || adCounts.has(week);
  return {
    weeks,
    citationShare: configured ? shareTrend(weeks, names, cited, names.length + 1) : null,
    mentionShare: configured ? shareTrend(weeks, names, mentioned, names.length) : null,
    ads: {
      lines: adPlaces.map((name, place) => ({
        name,
        own: false,
        rest: place === top.length,
        values: weeks.map((week) => (seen(week) ? adCounts.of(week, place) : null)),
      })),
      totals: weekTotals(weeks, adPlaces.length, adCounts),
    },
  };
}
