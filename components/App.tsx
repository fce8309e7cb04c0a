import { CaptureStatus } from './CaptureStatus';
import { OpenSidePanelButton } from './OpenSidePanelButton';
import { useTargetTab } from './use-target-tab';

export type Surface = 'popup' | 'sidepanel';

export function App({ surface }: { surface: Surface }) {
  const tab = useTargetTab();
  return (
    <main className={`app app--${surface}`} aria-labelledby="app-title">
      <header className="app__header">
        <h1 id="app-title">Chat Lens</h1>
        {surface === 'popup' && tab !== null && tab !== 'none' && <OpenSidePanelButton tabId={tab.id} />}
      </header>
      {tab === null && <p role="status">Finding the current tab…</p>}
      {tab === 'none' && <p role="status">No tab to inspect.</p>}
      {tab !== null && tab !== 'none' && <CaptureStatus tab={tab} />}
    </main>
  );
}
