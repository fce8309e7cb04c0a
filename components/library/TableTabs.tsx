import type { JSX } from 'react';
import type {
  AdTableRow,
  LibraryFilter,
  LibraryTables,
  OfferTableRow,
  PageTableRow,
  QueryTableRow,
} from '@/lib/library/page-tables';
import { AD_COLUMNS } from './ad-columns';
import { OFFER_COLUMNS } from './offer-columns';
import { PAGE_COLUMNS } from './page-columns';
import { QUERY_COLUMNS } from './query-columns';
import { TableTab } from './TableTab';
import type { TableChoiceProps } from './table-choices';

/** What a table tab is given: the tables of the records read, and its choice. */
interface TableTabsProps extends TableChoiceProps {
  tables: LibraryTables;
}

// One function each, made once: a table's rows are worked out again only when the filter or the records change.
const queriesOf = (tables: LibraryTables, filter: LibraryFilter): QueryTableRow[] => tables.queries(filter);
const pagesOf = (tables: LibraryTables, filter: LibraryFilter): PageTableRow[] => tables.pages(filter);
const adsOf = (tables: LibraryTables, filter: LibraryFilter): AdTableRow[] => tables.ads(filter);
const offersOf = (tables: LibraryTables, filter: LibraryFilter): OfferTableRow[] => tables.offers(filter);

/** Every search query the answers ran. */
export function QueriesTab(props: TableTabsProps): JSX.Element {
  return (
    <TableTab
      {...props}
      table="queries"
      label="Queries"
      columns={QUERY_COLUMNS}
      rowsOf={queriesOf}
      textHint="Words in a query, its prompt or its conversation's title"
      noun={['query', 'queries']}
      empty="No answer in the library ran a query yet."
      minWidth="60rem"
    />
  );
}

/** Every page the searches retrieved or the answers cited, added up over the turns. */
export function PagesTab(props: TableTabsProps): JSX.Element {
  return (
    <TableTab
      {...props}
      table="pages"
      label="Pages"
      columns={PAGE_COLUMNS}
      rowsOf={pagesOf}
      textHint="Words in a page's title, address or domain"
      noun={['page', 'pages']}
      empty="No search in the library returned a page yet."
      minWidth="70rem"
    />
  );
}

/** Every ad served into a kept conversation. */
export function AdsTab(props: TableTabsProps): JSX.Element {
  return (
    <TableTab
      {...props}
      table="ads"
      label="Ads"
      columns={AD_COLUMNS}
      rowsOf={adsOf}
      textHint="Words in an advertiser, an ad's title or its link"
      noun={['ad', 'ads']}
      empty="No conversation in the library was shown an ad."
      minWidth="80rem"
    />
  );
}

/** Every offer of the products the answers showed, with its price. */
export function OffersTab(props: TableTabsProps): JSX.Element {
  return (
    <TableTab
      {...props}
      table="offers"
      label="Offers"
      columns={OFFER_COLUMNS}
      rowsOf={offersOf}
      textHint="Words in a product, its brand or its merchant"
      noun={['offer', 'offers']}
      empty="No conversation in the library showed a product offer."
      minWidth="80rem"
    />
  );
}
