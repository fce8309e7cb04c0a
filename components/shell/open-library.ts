import { browser } from '#imports';

/** The library page, an extension page of its own (entrypoints/library/index.html). */
export const libraryPageUrl = (): string => browser.runtime.getURL('/library.html');

/** Opens the library in a new tab: an extension page needs no permission to open its own pages. */
export function openLibraryPage(): void {
  void browser.tabs.create({ url: libraryPageUrl() }).catch(() => undefined);
}
