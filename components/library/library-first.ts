import { LibraryData } from '@/components/library/shared/library-data';
import { openLibrary } from '@/lens/library/library-store';
import { libraryStatusItem } from '@/lens/runtime/contract/library-items';
import { LIBRARY_STATUS_OK, type LibraryStatus } from '@/lens/runtime/contract/library-status';
import { DEFAULT_SETTINGS, type Settings } from '@/lens/runtime/contract/settings';
import { loadSettings } from '@/lens/runtime/contract/settings-items';
import { type LibraryTabId, tabOfHash } from './library-tabs';

/** What the library page's first render shows, read before it (as the popup's, components/first-state.ts). */
export interface LibraryFirst {
  settings: Settings;
  status: LibraryStatus;
  tab: LibraryTabId;
  /** The database's reads, its summaries already read: the overview draws at once. */
  data: LibraryData;
}

export async function readLibraryFirst(): Promise<LibraryFirst> {
  const data = new LibraryData(() => openLibrary());
  const [settings, status] = await Promise.all([
    loadSettings().catch(() => DEFAULT_SETTINGS),
    libraryStatusItem.getValue().catch(() => LIBRARY_STATUS_OK),
    data.refresh(),
  ]);
  return { settings, status, tab: tabOfHash(location.hash), data };
}
