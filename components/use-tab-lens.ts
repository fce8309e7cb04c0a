import { useEffect, useState } from 'react';
import { tabLensItem } from '@/lib/runtime/storage-items';
import type { TabLens } from '@/lib/runtime/tab-lens';

/** The tab's lens, read at once and kept current through the storage item's watch. */
export function useTabLens(tabId: number | null): TabLens | null {
  const [lens, setLens] = useState<TabLens | null>(null);
  useEffect(() => {
    if (tabId === null) return;
    const item = tabLensItem(tabId);
    void item.getValue().then(setLens);
    return item.watch(setLens);
  }, [tabId]);
  return lens;
}
