import { afterEach } from 'vitest';
import { type LibraryStore, openLibrary } from '@/lens/library/library-store';

/**
 * Libraries for one test file: each `name()` is a database no other test touches, every handle
 * `open` gives is closed after the test, so a later test's upgrade or delete is never blocked.
 */
export function scratchLibraries(prefix: string): {
  name(): string;
  open(name: string): Promise<LibraryStore>;
} {
  let made = 0;
  const opened: LibraryStore[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });
  return {
    name() {
      made += 1;
      return `${prefix}-${made}`;
    },
    async open(name) {
      const store = await openLibrary(name);
      opened.push(store);
      return store;
    },
  };
}
