import { useEffect, useState } from 'react';
import { tabLensItem } from '@/lib/runtime/storage-items';
import type { TabLens } from '@/lib/runtime/tab-lens';

/**
 * The tab's lens, read at once from storage (the first render needs no network) and kept current
 * through the storage item's watch. undefined until the first read answered; null when nothing is stored.
 */
export function useTabLens(tabId: number): TabLens | null | undefined {
  const [lens, setLens] = useState<{ tabId: number; value: TabLens | null } | undefined>(undefined);
  useEffect(() => {
    const item = tabLensItem(tabId);
    void item.getValue().then((value) => setLens({ tabId, value }));
    return item.watch((value) => setLens({ tabId, value }));
  }, [tabId]);
  // A lens of the tab shown before a switch is no lens of this one.
  return lens?.tabId === tabId ? lens.value : undefined;
}
