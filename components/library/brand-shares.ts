import type { CitationShare, MentionShare } from '@/lib/library/brands';
import type { Bar } from './BarChart';
import { countText, shareText } from './number-text';

/** One brand's part of a share (or the rest's): what its chart bar and table row say. */
export interface ShareRow {
  key: string;
  label: string;
  count: number;
  /** Its part of the total; null when nothing was counted. */
  share: number | null;
  own?: boolean;
  muted?: boolean;
}

const partOf = (count: number, total: number): number | null => (total === 0 ? null : count / total);

/** The user's brand as its rows name it. */
export const ownLabel = (name: string): string =>
  name.trim() === '' ? 'Your brand' : `${name.trim()} (you)`;

/** The user's brand, then each competitor's, each counted against the same total. */
function brandRows(
  share: { own: number; competitors: readonly { name: string; count: number }[]; total: number },
  ownName: string,
): ShareRow[] {
  return [
    {
      key: 'own',
      label: ownLabel(ownName),
      count: share.own,
      share: partOf(share.own, share.total),
      own: true,
    },
    ...share.competitors.map(({ name, count }, place) => ({
      key: `competitor-${place}`,
      label: name,
      count,
      share: partOf(count, share.total),
    })),
  ];
}

/** Cited pages by brand: the user's, each competitor's, then every other domain's together. */
export function citationRows(share: CitationShare, ownName: string): ShareRow[] {
  return [
    ...brandRows(share, ownName),
    {
      key: 'other',
      label: 'Other domains',
      count: share.other,
      share: partOf(share.other, share.total),
      muted: true,
    },
  ];
}

/** Mentions in the answers read, by brand. */
export const mentionRows = (share: MentionShare, ownName: string): ShareRow[] => brandRows(share, ownName);

export const shareBars = (rows: readonly ShareRow[]): Bar[] =>
  rows.map(({ key, label, count, share, own, muted }) => ({
    key,
    label,
    value: count,
    valueText: share === null ? countText(count) : shareText(share),
    own,
    muted,
  }));
