import { NO_VALUE, TextCell, UrlCell } from '@/components/library/shared/TableCells';
import type { GridColumn } from '@/components/library/shared/VirtualTable';
import { conversationColumn, dayColumn, textColumn } from '@/components/library/tables/shared-columns';
import { tableTab } from '@/components/library/tables/TableTab';
import { availabilityText, moneyText } from './money-text';
import type { OfferGridRow } from './offers-grid';

/** An amount of the offer as a shopper reads it, in the offer's currency (features/offers/money-text.ts). */
const money = (row: OfferGridRow, amount: number | null): string =>
  moneyText(amount, row.currency, { shownPrice: row.price_text }) ?? NO_VALUE;

/** The Offers tab's columns: which product, from which merchant, at what price, in which conversation. */
export const OFFER_COLUMNS: readonly GridColumn<OfferGridRow>[] = [
  {
    id: 'product',
    label: 'Product',
    width: 'minmax(12rem, 2.5fr)',
    cell: (row) => <UrlCell url={row.url} text={row.product} />,
    sortBy: 'product',
  },
  textColumn<OfferGridRow>('brand', 'Brand', 'minmax(6rem, 1fr)'),
  textColumn<OfferGridRow>('merchant', 'Merchant', 'minmax(7rem, 1.2fr)'),
  {
    id: 'total',
    label: 'Total',
    width: '7rem',
    cell: (row) => (row.total === null ? <TextCell text={row.price_text} /> : money(row, row.total)),
    sortBy: 'total',
    numeric: true,
  },
  {
    id: 'base',
    label: 'Base',
    width: '6.5rem',
    cell: (row) => money(row, row.base),
    sortBy: 'base',
    numeric: true,
  },
  {
    id: 'shipping',
    label: 'Shipping',
    width: '6.5rem',
    cell: (row) => money(row, row.shipping),
    sortBy: 'shipping',
    numeric: true,
  },
  {
    id: 'tax',
    label: 'Tax',
    width: '6rem',
    cell: (row) => money(row, row.tax),
    sortBy: 'tax',
    numeric: true,
  },
  textColumn<OfferGridRow>('best_price_tag', 'Tag', 'minmax(6rem, 1fr)', 'best-price'),
  {
    id: 'availability',
    label: 'Availability',
    width: '7.5rem',
    cell: (row) => <TextCell text={row.availability === null ? null : availabilityText(row.availability)} />,
    sortBy: 'availability',
  },
  conversationColumn<OfferGridRow>(),
  dayColumn<OfferGridRow>(),
];

/** The library page's Offers tab: every offer of the products the answers showed, with its price. */
export const OFFERS_TAB = tableTab({
  table: 'offers',
  label: 'Offers',
  columns: OFFER_COLUMNS,
  rowsOf: (tables, filter) => tables.offers(filter),
  textHint: 'Words in a product, its brand or its merchant',
  noun: ['offer', 'offers'],
  empty: 'No conversation in the library showed a product offer.',
  minWidth: '80rem',
});
