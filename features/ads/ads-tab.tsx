import { countText } from '@/components/library/shared/number-text';
import { ConversationLink, NO_VALUE, TextCell, UrlCell } from '@/components/library/shared/TableCells';
import type { GridColumn } from '@/components/library/shared/VirtualTable';
import { conversationColumn, dayColumn, textColumn } from '@/components/library/tables/shared-columns';
import { tableTab } from '@/components/library/tables/TableTab';
import { AdIntelligence } from './AdIntelligence';
import type { AdGridRow } from './ads-grid';
import { AdsPaidOrganic } from './PaidNextToOrganic';

/**
 * Whether the ad's answer cited or named its advertiser, in words with a mark, so it reads the same without
 * colour or sight; a dash when unknown (features/ads/paid-organic.ts).
 */
const presence = (value: boolean | null, yes: string, no: string): string =>
  value === null ? NO_VALUE : value ? yes : no;

/** The Ads tab's columns: who advertised what, in which form, in which conversation and when. */
export const AD_COLUMNS: readonly GridColumn<AdGridRow>[] = [
  textColumn<AdGridRow>('advertiser', 'Advertiser', 'minmax(9rem, 1.5fr)'),
  textColumn<AdGridRow>('title', 'Title', 'minmax(10rem, 2fr)'),
  {
    id: 'link',
    label: 'Link',
    width: 'minmax(9rem, 1.5fr)',
    cell: (row) => <UrlCell url={row.link} />,
    sortBy: 'link',
  },
  textColumn<AdGridRow>('format', 'Format', 'minmax(7rem, 1fr)'),
  textColumn<AdGridRow>('unit_type', 'Unit type', 'minmax(6rem, 1fr)', 'unit-type'),
  {
    id: 'cards',
    label: 'Cards',
    width: '4.5rem',
    cell: (row) => countText(row.card_count ?? 0),
    sortBy: 'card_count',
    numeric: true,
  },
  {
    id: 'streamed',
    label: 'Streamed',
    width: '5.5rem',
    cell: (row) => (row.streamed ? 'Yes' : 'No'),
    sortBy: 'streamed',
  },
  {
    id: 'advertiser-cited',
    label: 'Advertiser cited',
    width: '8.5rem',
    cell: (row) => presence(row.advertiser_cited, '✓ Cited', '✗ Not cited'),
    sortBy: 'advertiser_cited',
  },
  {
    id: 'advertiser-named',
    label: 'Advertiser named',
    width: '8.5rem',
    cell: (row) => presence(row.advertiser_named, '✓ Named', '✗ Not named'),
    sortBy: 'advertiser_named',
  },
  {
    ...conversationColumn<AdGridRow>(),
    // An ad of the account's ad history that names no conversation (a data export's `ads.json`).
    cell: (row) =>
      row.conversation_id === null ? (
        <TextCell text="Ad history, no conversation" />
      ) : (
        <ConversationLink url={row.conversation_url} title={row.conversation_title} />
      ),
  },
  {
    id: 'turn',
    label: 'Turn',
    width: '4rem',
    cell: (row) => row.turn_index ?? NO_VALUE,
    sortBy: 'turn_index',
    numeric: true,
  },
  dayColumn<AdGridRow>(),
  textColumn<AdGridRow>('model', 'Model', 'minmax(6rem, 1fr)'),
];

/** The ads grid, with who ran beside an organic citation of themselves under it. */
const ADS_GRID_TAB = tableTab({
  table: 'ads',
  label: 'Ads',
  columns: AD_COLUMNS,
  rowsOf: (tables, filter) => tables.ads(filter),
  textHint: "Words in an advertiser, an ad's title or its link",
  noun: ['ad', 'ads'],
  empty: 'No conversation in the library was shown an ad.',
  minWidth: '97rem',
  Summary: AdsPaidOrganic,
});

/**
 * The library page's Ads tab: every ad served into a kept conversation, and the account's ad history; then
 * what they add up to under the same filters (AdIntelligence.tsx), shown even when no ad was, since an ad
 * rate of nought is a finding.
 */
export const ADS_TAB: typeof ADS_GRID_TAB = {
  ...ADS_GRID_TAB,
  Panel: (props) => (
    <>
      <ADS_GRID_TAB.Panel {...props} />
      <AdIntelligence tables={props.tables} filter={props.choice.filter} />
    </>
  ),
};
