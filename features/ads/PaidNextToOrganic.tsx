import { type JSX, useMemo } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { countText, ofText, shareText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { NO_VALUE } from '@/components/library/shared/TableCells';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { namesAnyBrand } from '@/lib/library/brand-settings';
import type { AdsConversation } from './ad-record';
import { ADS_TABLE } from './ads-table';
import {
  brandAdvertiserRows,
  type KnownCount,
  type PaidOrganicRow,
  paidOrganicByAdvertiser,
} from './paid-organic';

/** "2 of 3 (66.7%)"; a dash when no ad's answer is known. */
const knownText = ({ count, of }: KnownCount): string =>
  of === 0 ? NO_VALUE : `${ofText(count, of)} (${shareText(count / of)})`;

const NOTE =
  "Per advertiser: its ads that ran beside an answer citing a page on its domain, of those whose answer is known, and in an answer naming it, of those kept with the answer's text.";

/** Each advertiser of the rows and how often its ads ran beside an organic citation, or a naming, of it. */
function PaidNextToOrganic({
  rows,
  note,
  empty,
}: {
  rows: readonly PaidOrganicRow[];
  note: string;
  /** What the section says when no row is left. */
  empty: string;
}): JSX.Element {
  const advertisers = useMemo(() => paidOrganicByAdvertiser(rows), [rows]);
  return (
    <LibrarySection title="Paid next to organic" note={note}>
      {advertisers.length === 0 ? (
        <p className="library-section__empty">{empty}</p>
      ) : (
        <SmallTable
          caption="Ads by advertiser, beside an organic citation or naming of it"
          columns={['Advertiser', 'Ads', 'Beside a citation of it', 'In answers naming it']}
          rows={advertisers.map(({ advertiser, ads, cited, named }) => ({
            key: advertiser === null ? 'none' : `named ${advertiser}`,
            cells: [advertiser ?? 'No advertiser named', countText(ads), knownText(cited), knownText(named)],
          }))}
        />
      )}
    </LibrarySection>
  );
}

/** The Ads tab's: over the ads its filters keep. */
export function AdsPaidOrganic({ rows }: { rows: readonly PaidOrganicRow[] }): JSX.Element {
  return (
    <PaidNextToOrganic
      rows={rows}
      note={`${NOTE} Over the ads the filters keep.`}
      empty="No ad matches these filters."
    />
  );
}

/** The Brands tab's: the ads of the kept conversations whose advertiser is the user's brand or a competitor. */
export function BrandsPaidOrganic({
  records,
  brands,
}: {
  records: readonly AdsConversation[];
  brands: BrandSettings;
}): JSX.Element | null {
  const rows = useMemo(
    () =>
      brandAdvertiserRows(
        records.flatMap((record) => [...ADS_TABLE.rowsOf(record)]),
        brands,
      ),
    [records, brands],
  );
  if (!namesAnyBrand(brands)) return null;
  return (
    <PaidNextToOrganic
      rows={rows}
      note={`${NOTE} Advertisers whose site is on your brand's or a competitor's domains, or whose name is one of their words.`}
      empty="No ad in the library is from your brand or a competitor."
    />
  );
}
