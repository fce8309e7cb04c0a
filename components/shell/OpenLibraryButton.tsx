import type { JSX } from 'react';
import { openLibraryPage } from './open-library';

/** The way from the popup and the side panel to the library page. */
export function OpenLibraryButton(): JSX.Element {
  return (
    <button type="button" className="button button--quiet" onClick={openLibraryPage}>
      Open library
    </button>
  );
}
