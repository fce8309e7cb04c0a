import type { JSX } from 'react';
import { useViewStore } from '@/components/views/view-store';

/** The gear that opens and closes the settings form. */
export function SettingsButton(): JSX.Element {
  const open = useViewStore((state) => state.settingsOpen);
  const toggle = useViewStore((state) => state.toggleSettings);
  return (
    <button
      type="button"
      className="button button--icon"
      aria-label="Settings"
      aria-expanded={open}
      aria-controls={open ? 'settings-panel' : undefined}
      onClick={toggle}
    >
      <span aria-hidden="true">⚙</span>
    </button>
  );
}
