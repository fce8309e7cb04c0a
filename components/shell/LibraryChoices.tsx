import type { JSX } from 'react';
import type { LibrarySettings } from '@/lens/runtime/contract/settings';
import { RetentionInput } from './RetentionInput';

/**
 * The library's choices (architecture "The library"), in the settings panel and on the library page: the
 * switch says what turning it on keeps and where before it is turned on.
 */
export function LibraryChoices({
  library,
  onChange,
}: {
  library: LibrarySettings;
  /** Called with the choices the user changed, and only those: the others stay as stored. */
  onChange: (change: Partial<LibrarySettings>) => void;
}): JSX.Element {
  return (
    <>
      <label className="settings__row settings__row--check">
        <input
          type="checkbox"
          role="switch"
          aria-checked={library.enabled}
          checked={library.enabled}
          onChange={(event) => onChange({ enabled: event.target.checked })}
        />
        <span>
          Keep every conversation I inspect in a library, stored in this browser only (IndexedDB); nothing
          leaves the browser
        </span>
      </label>
      <label className="settings__row settings__row--check">
        <input
          type="checkbox"
          checked={library.keepAnswerText}
          onChange={(event) => onChange({ keepAnswerText: event.target.checked })}
        />
        <span>Keep answer text too (counts brand mentions)</span>
      </label>
      <RetentionInput
        days={library.retentionDays}
        onCommit={(retentionDays) => onChange({ retentionDays })}
      />
    </>
  );
}
