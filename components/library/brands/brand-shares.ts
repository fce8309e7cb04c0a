import type { BrandCounts, BrandShares, PromptKind } from '@/lens/library/brands';
import { type ProportionInterval, wilsonInterval } from '@/lib/library/proportion-interval';

/** One count out of its total: its share and 95% interval, both null when nothing was counted. */
export interface SharePart {
  count: number;
  total: number;
  share: number | null;
  interval: ProportionInterval | null;
}

/** One brand's part of a share (or the rest's) over each kind of prompts: what its bar and row say. */
export interface ShareRow {
  key: string;
  label: string;
  parts: Record<PromptKind, SharePart>;
  own?: boolean;
  muted?: boolean;
}

/** The report's shares, by kind of prompts (BrandReport `shares`). */
type SharesByKind = Record<PromptKind, BrandShares>;

const partOf = (count: number, total: number): SharePart => ({
  count,
  total,
  share: total === 0 ? null : count / total,
  interval: wilsonInterval(count, total),
});

const byKind = (part: (kind: PromptKind) => SharePart): Record<PromptKind, SharePart> => ({
  all: part('all'),
  branded: part('branded'),
  unbranded: part('unbranded'),
});

/** The heading of each kind of prompts' column. */
export const KIND_COLUMNS: Record<PromptKind, string> = {
  all: 'All prompts',
  branded: 'Branded prompts',
  unbranded: 'Unbranded prompts',
};

/** The user's brand as its rows name it. */
export const ownLabel = (name: string): string =>
  name.trim() === '' ? 'Your brand' : `${name.trim()} (you)`;

/** The user's brand, then each competitor's, each counted against the same total: one of `BrandShares`. */
export function brandRows(
  shares: SharesByKind,
  figure: (of: BrandShares) => BrandCounts,
  ownName: string,
): ShareRow[] {
  const part = (count: (counts: BrandCounts) => number) =>
    byKind((kind) => {
      const counts = figure(shares[kind]);
      return partOf(count(counts), counts.total);
    });
  return [
    { key: 'own', label: ownLabel(ownName), parts: part((counts) => counts.own), own: true },
    ...figure(shares.all).competitors.map(({ name }, place) => ({
      key: `competitor-${place}`,
      label: name,
      parts: part((counts) => counts.competitors[place]?.count ?? 0),
    })),
  ];
}

/** Cited pages by brand: the user's, each competitor's, then every other domain's together. */
export function citationRows(shares: SharesByKind, ownName: string): ShareRow[] {
  return [
    ...brandRows(shares, (of) => of.citationShare, ownName),
    {
      key: 'other',
      label: 'Other domains',
      parts: byKind((kind) => {
        const { other, total } = shares[kind].citationShare;
        return partOf(other, total);
      }),
      muted: true,
    },
  ];
}
