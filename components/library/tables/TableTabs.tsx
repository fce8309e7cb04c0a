import { ADS_TAB } from '@/features/ads/ads-tab';
import { OFFERS_TAB } from '@/features/offers/offers-tab';
import { QUERIES_TAB } from '@/features/queries/queries-tab';
import { PAGES_TAB } from '@/features/sources/pages-tab';
import type { TableTabEntry } from './TableTab';

/**
 * The library page's tabs of one table each, in their order (architecture "Registries"): the tab bar, the
 * panels and the tables' choices read this list. Each is declared in the folder of the feature whose table it
 * shows.
 */
export const TABLE_TABS = [QUERIES_TAB, PAGES_TAB, ADS_TAB, OFFERS_TAB] as const;

export type TableTabId = (typeof TABLE_TABS)[number]['id'];

/** Each table tab's panel, by its id. */
export const TABLE_PANELS = Object.fromEntries(TABLE_TABS.map((tab) => [tab.id, tab.Panel])) as Record<
  TableTabId,
  TableTabEntry<TableTabId>['Panel']
>;

export const isTableTab = (id: string): id is TableTabId => Object.hasOwn(TABLE_PANELS, id);
