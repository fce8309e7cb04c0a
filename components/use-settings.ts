import { useEffect, useState } from 'react';
import { followItem } from '@/lens/runtime/contract/follow-item';
import type { Settings } from '@/lens/runtime/contract/settings';
import { loadSettings, watchSettings } from '@/lens/runtime/contract/settings-items';

/**
 * The user's settings: `first` (read before the first render, first-state.ts), then kept current (a
 * change in the popup reaches the side panel).
 */
export function useSettings(first: Settings): Settings {
  const [settings, setSettings] = useState<Settings>(first);
  useEffect(() => followItem({ getValue: loadSettings, watch: watchSettings }, setSettings, setSettings), []);
  return settings;
}
