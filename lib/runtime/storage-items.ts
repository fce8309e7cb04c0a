import { storage } from '#imports';
import type { TabCaptureSummary } from './capture-summary';

/** Per-tab capture counts. Session area: gone with the browser session, never synced. */
export const captureSummaries = storage.defineItem<Record<string, TabCaptureSummary>>(
  'session:captureSummaries',
  {
    fallback: {},
    version: 1,
  },
);
