import { type JSX, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { countOf } from '@/components/library/shared/number-text';
import { LibraryChoices } from '@/components/shell/LibraryChoices';
import { useSettingsChange } from '@/components/use-settings-change';
import type { LibrarySettings, Settings } from '@/lens/runtime/contract/settings';
import { changeSettings } from '@/lens/runtime/contract/settings-items';

const DAY_MS = 86_400_000;

/**
 * The library's choices, as in the settings panel; a number of days set here also deletes at once what was
 * kept longer, rather than waiting for the next conversation the worker keeps.
 */
export function ManageChoices({ data, settings }: { data: LibraryData; settings: Settings }): JSX.Element {
  const [said, setSaid] = useState('');
  const saving = useSettingsChange(changeSettings);
  const change = (library: Partial<LibrarySettings>): void => {
    saving.change({ library });
    const days = library.retentionDays;
    if (days === undefined || days === null || days === settings.library.retentionDays) return;
    data
      .change((store) => store.deleteSavedBefore(Date.now() - days * DAY_MS))
      .then(
        (deleted) =>
          setSaid(
            deleted === 0
              ? `Nothing was kept longer than ${countOf(days, 'day', 'days')}.`
              : `Deleted ${countOf(deleted, 'conversation', 'conversations')} kept longer than ${countOf(days, 'day', 'days')}.`,
          ),
        (error: unknown) => setSaid(`Automatic deletion could not run: ${String(error)}`),
      );
  };
  return (
    <div className="manage-choices settings__form">
      {saving.problem !== null && (
        <p className="banner banner--error" role="alert">
          {saving.problem}
        </p>
      )}
      <LibraryChoices library={settings.library} onChange={change} />
      <p className="manage__said" role="status">
        {said}
      </p>
    </div>
  );
}
