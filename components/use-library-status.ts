import { useEffect, useState } from 'react';
import { followItem } from '@/lib/runtime/contract/follow-item';
import { libraryStatusItem } from '@/lib/runtime/contract/library-items';
import type { LibraryStatus } from '@/lib/runtime/contract/library-status';

/**
 * How the worker's last library write went: `first` (read before the first render), then every write. Its
 * `at` moves on each write, so a new value also says that new conversations may have arrived.
 */
export function useLibraryStatus(first: LibraryStatus): LibraryStatus {
  const [status, setStatus] = useState<LibraryStatus>(first);
  useEffect(() => followItem(libraryStatusItem, setStatus, setStatus), []);
  return status;
}
