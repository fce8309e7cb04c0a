import { inlineText, link } from '@/lib/export/markdown-text';
import type { Product } from '@/lib/model/product-entity';
import type { OfferRow, OfferSeenIn } from './offers';

/**
 * `## Product offers`: one table row per offer, as the answer gave it or as a product refresh returned it
 * (site-interface 2.5 and site-interface 4.4), said in its first column. Cells are inline text, so a `|` in a merchant's name is escaped and cannot split the
 * row.
 */
const COLUMNS = [
  'Seen in',
  'Product',
  'Merchant',
  'Base',
  'Shipping',
  'Tax',
  'Total',
  'Price shown',
  'Was',
  'Currency',
  'Availability',
  'Stock or delivery',
  'Best price',
  'Checkout',
  'Provider',
  'Adds utm_source',
] as const;

const EMPTY = '–';

const SEEN_IN_TEXT: Record<OfferSeenIn, string> = { answer: 'the answer', refresh: 'a refresh' };

const amount = (value: number | null): string => (value === null ? EMPTY : value.toFixed(2));

const text = (value: string | null): string => (value === null ? EMPTY : inlineText(value));

function flag(value: boolean | null): string {
  if (value === null) return EMPTY;
  return value ? 'yes' : 'no';
}

function cells(row: OfferRow): string[] {
  return [
    SEEN_IN_TEXT[row.seenIn],
    text(row.productTitle ?? row.productId),
    row.merchant === null ? text(row.url) : link(row.merchant, row.url),
    amount(row.base),
    amount(row.shipping),
    amount(row.tax),
    amount(row.total),
    text(row.priceText),
    amount(row.strikePrice),
    text(row.currency),
    text(row.availability),
    text(row.stockOrDelivery),
    text(row.bestPriceTag),
    flag(row.checkoutable),
    text(row.provider),
    flag(row.hasUtmSource),
  ];
}

const tableRow = (values: readonly string[]): string => `| ${values.join(' | ')} |`;

export function markdownOffers(inspection: {
  offers: readonly OfferRow[];
  products: readonly Product[];
}): string {
  const { offers, products } = inspection;
  if (offers.length === 0) {
    const why =
      products.length === 0
        ? 'No product offers were captured.'
        : `${products.length} product(s) were named, but none had an offer.`;
    return `## Product offers\n\n${why}`;
  }
  const table = [
    tableRow(COLUMNS),
    tableRow(COLUMNS.map(() => '---')),
    ...offers.map((row) => tableRow(cells(row))),
  ];
  return `## Product offers\n\n${table.join('\n')}`;
}
