import { useCallback, useState } from 'react';
import type { SettingsChange } from '@/lens/runtime/contract/settings';

/** How a page saves a change of the settings (settings-items.ts, changeSettings). */
export type SaveSettings = (change: SettingsChange) => Promise<void>;

export interface SettingsChanging {
  /** Saves a change; the form follows the stored settings (useSettings), so it shows once saved. */
  change: (change: SettingsChange) => void;
  /** Why the last change was not saved, for the page to say; null once a change is saved again. */
  problem: string | null;
}

/**
 * Why the browser refused to save, in the user's words where the browser's are its own
 * ("Resource::kQuotaBytes quota exceeded", "Extension context invalidated."); another reason as it is.
 */
function notSavedReason(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (/quota/i.test(reason)) return "the browser's storage for Chat Lens settings is full";
  if (/context invalidated/i.test(reason))
    return 'Chat Lens was updated or reloaded since this page opened; close it and open it again';
  return reason.replace(/\.$/, '');
}

/**
 * A settings form's changes, and why the last one failed. A change that is not saved (the local area full,
 * the extension updated under an open page) leaves the stored settings as they were, and the form, which
 * shows them, undoes it: the page says so, rather than nothing.
 */
export function useSettingsChange(save: SaveSettings): SettingsChanging {
  const [problem, setProblem] = useState<string | null>(null);
  const change = useCallback(
    (patch: SettingsChange) => {
      save(patch).then(
        () => setProblem(null),
        (error: unknown) =>
          setProblem(
            `Your change was not saved: ${notSavedReason(error)}. The settings shown are the ones saved.`,
          ),
      );
    },
    [save],
  );
  return { change, problem };
}
