import { TABLE_TABS, type TableTabId } from '@/components/library/tables/TableTabs';

export type LibraryTabId = 'overview' | TableTabId | 'brands' | 'trends' | 'variance' | 'fanout' | 'manage';

/**
 * The library page's tabs, in order: the overview, a tab per table (TABLE_TABS), the brands, the trends,
 * the variance of answers, the fan-out of their searches and the management. `records`: the tab reads the
 * kept conversations whole, so its first visit loads them; the overview reads only the summaries
 * (architecture "The library").
 */
export const LIBRARY_TABS: ReadonlyArray<{ id: LibraryTabId; label: string; records: boolean }> = [
  { id: 'overview', label: 'Overview', records: false },
  ...TABLE_TABS.map(({ id, label }) => ({ id, label, records: true })),
  { id: 'brands', label: 'Brands', records: true },
  { id: 'trends', label: 'Trends', records: true },
  { id: 'variance', label: 'Variance', records: true },
  { id: 'fanout', label: 'Fan-out', records: true },
  { id: 'manage', label: 'Manage', records: false },
];

export const LIBRARY_TAB_IDS: readonly LibraryTabId[] = LIBRARY_TABS.map((tab) => tab.id);

/** The tab a URL's hash names ("#pages"), so a reload or a shared link opens it; else the overview. */
export function tabOfHash(hash: string): LibraryTabId {
  const named = hash.replace(/^#/, '');
  return LIBRARY_TAB_IDS.find((id) => id === named) ?? 'overview';
}

export const needsRecords = (id: LibraryTabId): boolean =>
  LIBRARY_TABS.find((tab) => tab.id === id)?.records ?? false;

export const libraryTabId = (id: LibraryTabId): string => `library-tab-${id}`;
export const libraryPanelId = (id: LibraryTabId): string => `library-panel-${id}`;
