import { describe, expect, it, vi } from 'vitest';
import { removeTabLensItem, tabLensItem } from '@/lens/runtime/contract/storage-items';
import { emptyTabLens } from '@/lens/runtime/contract/tab-lens';

/** WXT's storage over a Map: what `storage.defineItem` gives, as far as the tab lens items use it. */
const { area } = vi.hoisted(() => ({ area: new Map<string, unknown>() }));
vi.mock('#imports', () => ({
  storage: {
    defineItem: (key: string) => ({
      getValue: async () => area.get(key) ?? null,
      setValue: async (value: unknown) => {
        area.set(key, value);
      },
      removeValue: async () => {
        area.delete(key);
      },
    }),
  },
}));

describe('the tab lens items', () => {
  it('are one item per open tab, reused for every read and write', () => {
    expect(tabLensItem(4)).toBe(tabLensItem(4));
    expect(tabLensItem(4)).not.toBe(tabLensItem(5));
  });

  it('leave the session area with the tab, and the worker keeps nothing of a closed tab', async () => {
    for (const tabId of [100, 101, 102]) {
      await tabLensItem(tabId).setValue(null);
      await removeTabLensItem(tabId);
    }
    expect([...area.keys()].filter((key) => key.startsWith('session:tabLens:'))).toEqual([]);
    const before = tabLensItem(7);
    // A stored value: reading null afterwards then proves the removal.
    await before.setValue(emptyTabLens(7, 0));
    expect(await before.getValue()).toEqual(emptyTabLens(7, 0));
    await removeTabLensItem(7);
    // A new item: the closed tab's was forgotten, not kept for a tab id that may never come back.
    expect(tabLensItem(7)).not.toBe(before);
    expect(await tabLensItem(7).getValue()).toBeNull();
  });
});
