import { useEffect, useState } from 'react';
import { followItem } from '@/lens/runtime/contract/follow-item';
import { libraryStatusItem } from '@/lens/runtime/contract/library-items';
import type { LibraryStatus } from '@/lens/runtime/contract/library-status';

/**
 * How the worker's last library write went: `first` (read before the first render), then every write. Its
 * `at` moves on each write, so a new value also says that new conversations may have arrived.
 */
export function useLibraryStatus(first: LibraryStatus): LibraryStatus {
  const [status, setStatus] = useState<LibraryStatus>(first);
  useEffect(() => followItem(libraryStatusItem, setStatus, setStatus), []);
  return status;
}
