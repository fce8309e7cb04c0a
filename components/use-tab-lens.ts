import { useEffect, useState } from 'react';
import { followItem } from '@/lens/runtime/contract/follow-item';
import { tabLensItem } from '@/lens/runtime/contract/storage-items';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';

const sameWrite = (shown: TabLens | null | undefined, read: TabLens | null): boolean =>
  shown === read || (shown != null && read !== null && shown.updatedAt === read.updatedAt);

/**
 * The tab's lens: `first` when it was read for this tab before the first render (first-state.ts), and
 * kept current through the storage item's watch. undefined until a read answered; null when nothing is
 * stored.
 */
export function useTabLens(
  tabId: number,
  first: { tabId: number; value: TabLens | null | undefined },
): TabLens | null | undefined {
  const [lens, setLens] = useState<{ tabId: number; value: TabLens | null | undefined }>(first);
  useEffect(
    () =>
      followItem(
        tabLensItem(tabId),
        // A lens read before the first render may have changed since; another tab's was never read. The
        // same write again (its updatedAt) keeps what is shown, sparing the views a render.
        (value) =>
          setLens((shown) =>
            shown.tabId === tabId && sameWrite(shown.value, value) ? shown : { tabId, value },
          ),
        (value) => setLens({ tabId, value }),
      ),
    [tabId],
  );
  // A lens of the tab shown before a switch is no lens of this one.
  return lens.tabId === tabId ? lens.value : undefined;
}
