import type { JSX } from 'react';
import { browser } from '#imports';

/** Firefox declares the panel as a sidebar_action; Chromium has the sidePanel API. */
interface SidebarHost {
  sidebarAction?: { open(): Promise<void> };
}

/**
 * architecture "Browser facts": sidePanel.open() must run synchronously inside the user's click, so nothing
 * is awaited before it. Hidden where the browser has neither panel.
 */
export function OpenSidePanelButton({ tabId }: { tabId: number }): JSX.Element | null {
  const sidebarAction = (browser as unknown as SidebarHost).sidebarAction;
  const sidePanel = browser.sidePanel;
  if (sidePanel === undefined && sidebarAction === undefined) return null;
  const open = (): void => {
    const opened = sidePanel !== undefined ? sidePanel.open({ tabId }) : sidebarAction?.open();
    void opened?.then(() => window.close()).catch(() => undefined);
  };
  return (
    <button type="button" className="button button--quiet" onClick={open}>
      Open side panel
    </button>
  );
}
