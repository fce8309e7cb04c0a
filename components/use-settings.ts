import { useEffect, useState } from 'react';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/runtime/settings';
import { loadSettings, watchSettings } from '@/lib/runtime/settings-items';

/** The user's settings, read once and kept current (a change in the popup reaches the side panel). */
export function useSettings(): Settings {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  useEffect(() => {
    void loadSettings().then(setSettings);
    return watchSettings(setSettings);
  }, []);
  return settings;
}
