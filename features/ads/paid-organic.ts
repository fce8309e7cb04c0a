import { BrandMatcher, OWN } from '@/lib/library/brand-matcher';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { compareText } from '@/lib/library/sort-rows';
import type { AdsTurn, LibraryAd } from './ad-record';

/**
 * An ad beside the organic answer it was served with (export-format "The ads table"): whether that answer
 * cited its advertiser, and whether it named it.
 */
export interface PaidOrganic {
  /** A page the answer cites is on the advertiser's domain; null when the ad's turn is unknown or it names no site. */
  cited: boolean | null;
  /**
   * The answer's text names the advertiser, in whole words of any case; null also when the text was not
   * kept, or the ad names no advertiser.
   */
  named: boolean | null;
}

/** An ad whose answer is unknown: one of the account's ad history, or one that names no turn. */
export const NO_ANSWER: PaidOrganic = { cited: null, named: null };

/**
 * Whether `turn`, the one the ad was served with (undefined when unknown), cites or names its advertiser.
 * The advertiser is read as the brand matcher reads a brand: its domain the host of its site, else of its
 * link (a subdomain counts, `www.` does not), its name its only words.
 */
export function paidOrganicOf(ad: LibraryAd, turn: AdsTurn | undefined): PaidOrganic {
  if (turn === undefined) return NO_ANSWER;
  const site = ad.advertiserUrl ?? ad.link;
  const name = ad.advertiser?.trim() ?? '';
  const matcher = new BrandMatcher({
    own: { name, domains: site === null ? [] : [site], mentions: [] },
    competitors: [],
  });
  return {
    cited:
      site === null ? null : turn.pages.some((page) => page.cited && matcher.ownerOf(page.domain) === OWN),
    named: name === '' || turn.answer === null ? null : (matcher.mentionsIn(turn.answer)[OWN] ?? 0) > 0,
  };
}

/** What the per-advertiser figures read of an ads table's row. */
export interface PaidOrganicRow {
  advertiser: string | null;
  advertiser_url: string | null;
  link: string | null;
  advertiser_cited: boolean | null;
  advertiser_named: boolean | null;
}

/** `count` of the `of` ads whose answer is known. */
export interface KnownCount {
  count: number;
  of: number;
}

/** One advertiser's ads, and how many of them ran beside an organic citation, or a naming, of it. */
export interface AdvertiserPaidOrganic {
  /** null for the ads that name no advertiser. */
  advertiser: string | null;
  ads: number;
  /** Of the ads whose answer is known. */
  cited: KnownCount;
  /** Of the ads whose answer's text was kept. */
  named: KnownCount;
}

const tally = (into: KnownCount, value: boolean | null): void => {
  if (value === null) return;
  into.of += 1;
  if (value) into.count += 1;
};

/** The advertisers of the rows, by name, the most ads first, then by name. */
export function paidOrganicByAdvertiser(rows: Iterable<PaidOrganicRow>): AdvertiserPaidOrganic[] {
  const advertisers = new Map<string | null, AdvertiserPaidOrganic>();
  for (const row of rows) {
    let advertiser = advertisers.get(row.advertiser);
    if (advertiser === undefined) {
      advertiser = {
        advertiser: row.advertiser,
        ads: 0,
        cited: { count: 0, of: 0 },
        named: { count: 0, of: 0 },
      };
      advertisers.set(row.advertiser, advertiser);
    }
    advertiser.ads += 1;
    tally(advertiser.cited, row.advertiser_cited);
    tally(advertiser.named, row.advertiser_named);
  }
  return [...advertisers.values()].sort(
    (a, b) => b.ads - a.ads || compareText(a.advertiser ?? '', b.advertiser ?? ''),
  );
}

/**
 * The rows whose advertiser is the user's brand or a competitor: its site on one of their domains, or its
 * name one of their words.
 */
export function brandAdvertiserRows<Row extends PaidOrganicRow>(
  rows: Iterable<Row>,
  brands: BrandSettings,
): Row[] {
  const matcher = new BrandMatcher(brands);
  const isBrand = (row: Row): boolean =>
    matcher.ownerOf(row.advertiser_url ?? row.link) !== null ||
    (row.advertiser !== null && matcher.mentionsIn(row.advertiser).some((count) => count > 0));
  return [...rows].filter(isBrand);
}
