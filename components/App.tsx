import type { JSX } from 'react';
import { StateFace } from './shell/StateFace';
import { TabFaces } from './TabFaces';
import { useSettings } from './use-settings';
import { useTargetTab } from './use-target-tab';
import { useTheme } from './use-theme';

export type Surface = 'popup' | 'sidepanel';

/** The popup and the side panel: one App, for the tab `?tabId=` names or the active tab (issue 9). */
export function App({ surface }: { surface: Surface }): JSX.Element {
  const tab = useTargetTab();
  const settings = useSettings();
  useTheme(settings.theme);
  if (tab !== null && tab !== 'none')
    return <TabFaces key={tab.id} tab={tab} surface={surface} settings={settings} />;
  return (
    <main
      className={`app app--${surface}`}
      aria-labelledby="app-title"
      data-face={tab === null ? 'reading' : 'not-on-site'}
    >
      <header className="header">
        <h1 id="app-title" className="header__brand">
          Chat Lens
        </h1>
      </header>
      {tab === 'none' && <StateFace face={{ kind: 'not-on-site' }} />}
    </main>
  );
}
