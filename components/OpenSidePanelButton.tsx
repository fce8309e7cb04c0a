import { browser } from '#imports';

/** DESIGN: sidePanel.open() must run synchronously inside the user's click. */
export function OpenSidePanelButton({ tabId }: { tabId: number }) {
  if (!browser.sidePanel) return null;
  return (
    <button type="button" onClick={() => void browser.sidePanel.open({ tabId }).then(() => window.close())}>
      Open side panel
    </button>
  );
}
