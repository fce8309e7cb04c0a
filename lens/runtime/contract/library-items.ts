import { storage } from '#imports';
import { type BrandSettings, NO_BRANDS, readBrandSettings } from '@/lib/library/brand-settings';
import { LIBRARY_STATUS_OK, type LibraryStatus } from './library-status';

/**
 * `local:libraryBrands`: the brands the library page compares (lib/library/brand-settings.ts). Local area,
 * never synced; it names domains and words the user chose, nothing of a conversation.
 */
const brandsItem = storage.defineItem<BrandSettings>('local:libraryBrands', {
  fallback: NO_BRANDS,
  version: 1,
});

export async function loadBrands(): Promise<BrandSettings> {
  return readBrandSettings(await brandsItem.getValue().catch(() => NO_BRANDS));
}

export async function saveBrands(brands: BrandSettings): Promise<void> {
  await brandsItem.setValue(readBrandSettings(brands));
}

/** `local:libraryStatus`: written by the worker after each library write that changes it. */
export const libraryStatusItem = storage.defineItem<LibraryStatus>('local:libraryStatus', {
  fallback: LIBRARY_STATUS_OK,
  version: 1,
});
