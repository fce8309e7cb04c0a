import type { JSX } from 'react';

/** What a tab that reads the user's brands shows until they are read. */
export function ReadingBrands(): JSX.Element {
  return (
    <p className="library-loading" role="status">
      Reading your brands…
    </p>
  );
}
