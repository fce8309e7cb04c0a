import type { JSX } from 'react';
import type { LibraryTables } from '@/lib/library/page-tables';
import { AD_COLUMNS } from './ad-columns';
import { OFFER_COLUMNS } from './offer-columns';
import { PAGE_COLUMNS } from './page-columns';
import { QUERY_COLUMNS } from './query-columns';
import { TableTab, type TableTabProps } from './TableTab';
import type { TableChoiceProps } from './table-choices';

/** What a table tab is given: the tables of the records read, and its choice. */
interface TableTabsProps extends TableChoiceProps {
  tables: LibraryTables;
}

/**
 * A tab of one table, told once what it shows. Its `rowsOf` is made here, once, so a table's rows are worked
 * out again only when the filter or the records change.
 */
function tableTab<Row extends { key: string }>(
  spec: Omit<TableTabProps<Row>, keyof TableTabsProps>,
): (props: TableTabsProps) => JSX.Element {
  return (props) => <TableTab {...props} {...spec} />;
}

/** Every search query the answers ran. */
export const QueriesTab = tableTab({
  table: 'queries',
  label: 'Queries',
  columns: QUERY_COLUMNS,
  rowsOf: (tables, filter) => tables.queries(filter),
  textHint: "Words in a query, its prompt or its conversation's title",
  noun: ['query', 'queries'],
  empty: 'No answer in the library ran a query yet.',
  minWidth: '60rem',
});

/** Every page the searches retrieved or the answers cited, added up over the turns. */
export const PagesTab = tableTab({
  table: 'pages',
  label: 'Pages',
  columns: PAGE_COLUMNS,
  rowsOf: (tables, filter) => tables.pages(filter),
  textHint: "Words in a page's title, address or domain",
  noun: ['page', 'pages'],
  empty: 'No search in the library returned a page yet.',
  minWidth: '70rem',
});

/** Every ad served into a kept conversation. */
export const AdsTab = tableTab({
  table: 'ads',
  label: 'Ads',
  columns: AD_COLUMNS,
  rowsOf: (tables, filter) => tables.ads(filter),
  textHint: "Words in an advertiser, an ad's title or its link",
  noun: ['ad', 'ads'],
  empty: 'No conversation in the library was shown an ad.',
  minWidth: '80rem',
});

/** Every offer of the products the answers showed, with its price. */
export const OffersTab = tableTab({
  table: 'offers',
  label: 'Offers',
  columns: OFFER_COLUMNS,
  rowsOf: (tables, filter) => tables.offers(filter),
  textHint: 'Words in a product, its brand or its merchant',
  noun: ['offer', 'offers'],
  empty: 'No conversation in the library showed a product offer.',
  minWidth: '80rem',
});
