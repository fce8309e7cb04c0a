import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import type { TabLensStore } from '@/lens/runtime/worker/lens-worker';

/**
 * chrome.storage.session's quota: 10 MB for everything the extension keeps there
 * (architecture "Browser facts").
 */
export const SESSION_QUOTA_BYTES = 10 * 1024 * 1024;

/**
 * An in-memory stand-in for chrome.storage.session as the worker meets it: every value is stored as a
 * JSON copy (what the caller keeps changing afterwards is not what was stored), and a write that would
 * take the area past its quota is refused, as Chrome refuses it.
 */
export function fakeSessionArea() {
  const texts = new Map<string, string>();
  let writes = 0;
  let bytesWritten = 0;

  const bytesInUse = (): number => [...texts].reduce((sum, [key, text]) => sum + key.length + text.length, 0);

  return {
    async get(key: string): Promise<unknown> {
      const text = texts.get(key);
      return text === undefined ? undefined : JSON.parse(text);
    },
    async set(key: string, value: unknown): Promise<void> {
      const text = JSON.stringify(value);
      const after = bytesInUse() - (texts.get(key)?.length ?? 0) + (texts.has(key) ? 0 : key.length);
      if (after + text.length > SESSION_QUOTA_BYTES)
        throw new Error('Session storage quota bytes exceeded. Values were not stored.');
      texts.set(key, text);
      writes += 1;
      bytesWritten += text.length;
    },
    async remove(key: string): Promise<void> {
      texts.delete(key);
    },
    bytesInUse,
    /** Writes so far, and the bytes they serialized. */
    writes: () => ({ count: writes, bytes: bytesWritten }),
  };
}

export type FakeSessionArea = ReturnType<typeof fakeSessionArea>;

/** The worker's tab lens store over the area, one key per tab, as storage-items.ts's tabLensItem. */
export function tabLensStoreOver(area: FakeSessionArea): TabLensStore {
  const key = (tabId: number): string => `tabLens:${tabId}`;
  return {
    read: async (tabId) => ((await area.get(key(tabId))) as TabLens | undefined) ?? null,
    write: (lens) => area.set(key(lens.tabId), lens),
    remove: (tabId) => area.remove(key(tabId)),
  };
}
