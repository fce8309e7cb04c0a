import { ADS_TABLE } from '@/features/ads/ads-table';
import { CREATIVES_TABLE } from '@/features/ads/creatives-table';
import { OFFERS_TABLE } from '@/features/offers/offers-table';
import { FANOUT_TABLE } from '@/features/queries/fanout-table';
import type { LibraryTable } from '@/lib/library/library-table';
import { BRANDS_TABLE } from './brands-table';
import { JOINED_TABLE } from './joined-table';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { PROMPTS_TABLE } from './prompts-table';

/** A table of the library as its writers run it: over the whole kept records. */
export type LibraryRecordsTable = LibraryTable<string, LibraryConversation, LibraryAccount>;

/**
 * Every table of the library, one row each (export-format "Library tables"): the file writers, `inspect` and
 * the library page's downloads read this list. The joined table comes first: it is the main file. The
 * prompts, fanout, creatives and brands tables sum up conversations, so their rows come last.
 */
export const LIBRARY_TABLES = [
  JOINED_TABLE,
  ADS_TABLE,
  OFFERS_TABLE,
  PROMPTS_TABLE,
  FANOUT_TABLE,
  CREATIVES_TABLE,
  BRANDS_TABLE,
] as const satisfies readonly LibraryRecordsTable[];

export type LibraryTableName = (typeof LIBRARY_TABLES)[number]['name'];
