import type { JSX } from 'react';
import { AD_COLUMNS } from '@/features/ads/ad-columns';
import { OFFER_COLUMNS } from '@/features/offers/offer-columns';
import { QUERY_COLUMNS } from '@/features/queries/query-columns';
import { PAGE_COLUMNS } from '@/features/sources/page-columns';
import type { LibraryTables } from '@/lib/library/page-tables';
import { TableTab, type TableTabProps } from './TableTab';
import type { TableChoiceProps } from './table-choices';

/** What a table tab is given: the tables of the records read, and its choice. */
interface TableTabsProps extends TableChoiceProps {
  tables: LibraryTables;
}

/** A tab of one table: its id, its label, and its panel, told once what it shows. */
interface TableTabEntry<Id extends string> {
  id: Id;
  label: string;
  Panel: (props: TableTabsProps) => JSX.Element;
}

/**
 * A tab of one table. Its `rowsOf` is made here, once, so a table's rows are worked out again only when the
 * filter or the records change.
 */
function tableTab<const Id extends string, Row extends { key: string }>(
  spec: Omit<TableTabProps<Row>, keyof TableTabsProps | 'table'> & { table: Id },
): TableTabEntry<Id> {
  return { id: spec.table, label: spec.label, Panel: (props) => <TableTab {...props} {...spec} /> };
}

/**
 * The library page's tabs of one table each, in their order (architecture "Registries"): the tab bar, the
 * panels and the tables' choices read this list.
 */
export const TABLE_TABS = [
  // Every search query the answers ran.
  tableTab({
    table: 'queries',
    label: 'Queries',
    columns: QUERY_COLUMNS,
    rowsOf: (tables, filter) => tables.queries(filter),
    textHint: "Words in a query, its prompt or its conversation's title",
    noun: ['query', 'queries'],
    empty: 'No answer in the library ran a query yet.',
    minWidth: '60rem',
  }),
  // Every page the searches retrieved or the answers cited, added up over the turns.
  tableTab({
    table: 'pages',
    label: 'Pages',
    columns: PAGE_COLUMNS,
    rowsOf: (tables, filter) => tables.pages(filter),
    textHint: "Words in a page's title, address or domain",
    noun: ['page', 'pages'],
    empty: 'No search in the library returned a page yet.',
    minWidth: '70rem',
  }),
  // Every ad served into a kept conversation.
  tableTab({
    table: 'ads',
    label: 'Ads',
    columns: AD_COLUMNS,
    rowsOf: (tables, filter) => tables.ads(filter),
    textHint: "Words in an advertiser, an ad's title or its link",
    noun: ['ad', 'ads'],
    empty: 'No conversation in the library was shown an ad.',
    minWidth: '80rem',
  }),
  // Every offer of the products the answers showed, with its price.
  tableTab({
    table: 'offers',
    label: 'Offers',
    columns: OFFER_COLUMNS,
    rowsOf: (tables, filter) => tables.offers(filter),
    textHint: 'Words in a product, its brand or its merchant',
    noun: ['offer', 'offers'],
    empty: 'No conversation in the library showed a product offer.',
    minWidth: '80rem',
  }),
] as const;

export type TableTabId = (typeof TABLE_TABS)[number]['id'];

/** Each table tab's panel, by its id. */
export const TABLE_PANELS = Object.fromEntries(TABLE_TABS.map((tab) => [tab.id, tab.Panel])) as Record<
  TableTabId,
  TableTabEntry<TableTabId>['Panel']
>;

export const isTableTab = (id: string): id is TableTabId => Object.hasOwn(TABLE_PANELS, id);
