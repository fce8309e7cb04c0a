/** What the last write of the library came to: the page and the settings panel tell the user of a failure. */
export interface LibraryStatus {
  state: 'ok' | 'quota' | 'failed';
  /** Why, in words to show; null when all is well. */
  message: string | null;
  /** When it was last written or failed; null before the first write. */
  at: number | null;
}

export const LIBRARY_STATUS_OK: LibraryStatus = { state: 'ok', message: null, at: null };
