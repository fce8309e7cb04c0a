import { storage } from '#imports';
import { DEFAULT_SETTINGS, type LibrarySettings, readSettings, type Settings } from './settings';

/**
 * `local:settings`: the user's choices, declared once (architecture "Channels"). Local
 * area: kept across browser sessions on this device, never synced, and readable by the worker for the
 * keyboard shortcut. Holds no conversation data.
 */
const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** The settings as stored, validated: a bad stored value reads as its default (readSettings). */
export async function loadSettings(): Promise<Settings> {
  return readSettings(await settingsItem.getValue().catch(() => DEFAULT_SETTINGS));
}

/** A change of some of the settings; of the library's, only those it names. */
export type SettingsChange = Partial<Omit<Settings, 'library'>> & { library?: Partial<LibrarySettings> };

/** The change being saved, or the last saved: the next waits for it. */
let lastChange: Promise<void> = Promise.resolve();

/**
 * Saves a change, applied to the settings as stored once the changes before it are saved. A form shows the
 * stored settings, so a change built on what it shows would undo one made a moment before, still being
 * saved: a choice then a box ticked at once kept only the box.
 */
export function changeSettings(change: SettingsChange): Promise<void> {
  const saved = lastChange.then(async () => {
    const stored = await loadSettings();
    await settingsItem.setValue(
      readSettings({ ...stored, ...change, library: { ...stored.library, ...change.library } }),
    );
  });
  lastChange = saved.catch(() => undefined);
  return saved;
}

/** Calls back with the validated settings whenever they change (another popup, the side panel). */
export function watchSettings(onChange: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => onChange(readSettings(value)));
}
