import type { JSX } from 'react';
import { useLibraryStatus } from '@/components/use-library-status';
import { LIBRARY_STATUS_OK } from '@/lens/runtime/contract/library-status';
import type { LibrarySettings } from '@/lens/runtime/contract/settings';
import { LibraryChoices } from './LibraryChoices';
import { libraryPageUrl, openLibraryPage } from './open-library';
import './library-settings.css';

/**
 * The settings panel's Library group (a fieldset, unlike the library page's LibrarySection): the choices,
 * a failed library write, and the way to the page. Reads nothing of the library itself, so the popup stays
 * small.
 */
export function LibrarySettingsGroup({
  library,
  onChange,
}: {
  library: LibrarySettings;
  onChange: (change: Partial<LibrarySettings>) => void;
}): JSX.Element {
  const status = useLibraryStatus(LIBRARY_STATUS_OK);
  return (
    <fieldset className="settings__group">
      <legend>Library</legend>
      <LibraryChoices library={library} onChange={onChange} />
      {status.state !== 'ok' && (
        <p className="settings__library-status" role="status">
          {status.message ?? 'The library could not keep the last conversation.'}
        </p>
      )}
      <a
        href={libraryPageUrl()}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          event.preventDefault();
          openLibraryPage();
        }}
      >
        Open the library page
      </a>
    </fieldset>
  );
}
