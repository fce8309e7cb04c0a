import { useEffect, useState } from 'react';
import type { TabCaptureSummary } from '@/lib/runtime/capture-summary';
import { captureSummaries } from '@/lib/runtime/storage-items';

/** The live capture counts of one tab, kept current through the storage item's watch. */
export function useCaptureSummary(tabId: number | null): TabCaptureSummary | null {
  const [summary, setSummary] = useState<TabCaptureSummary | null>(null);
  useEffect(() => {
    if (tabId === null) return;
    const pick = (all: Record<string, TabCaptureSummary>): void => setSummary(all[String(tabId)] ?? null);
    void captureSummaries.getValue().then(pick);
    return captureSummaries.watch(pick);
  }, [tabId]);
  return summary;
}
