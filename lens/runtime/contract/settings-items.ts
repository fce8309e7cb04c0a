import { storage } from '#imports';
import { DEFAULT_SETTINGS, readSettings, type Settings, settingsChanges } from './settings';

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

/** Saves a change on the settings as stored, each after the one before it (settings.ts, settingsChanges). */
export const changeSettings = settingsChanges(loadSettings, (settings) => settingsItem.setValue(settings));

/** Calls back with the validated settings whenever they change (another popup, the side panel). */
export function watchSettings(onChange: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => onChange(readSettings(value)));
}
