import type { JSX } from 'react';
import { Header } from '@/components/shell/Header';
import { StateFace } from '@/components/shell/StateFace';
import type { FirstState } from './first-state';
import type { Surface } from './surface';
import { TabFaces } from './TabFaces';
import { useSettings } from './use-settings';
import { useSiteAccess } from './use-site-access';
import { useTargetTab } from './use-target-tab';
import { useTheme } from './use-theme';

/** The popup and the side panel: one App, for the tab `?tabId=` names or the active tab. */
export function App({ surface, first }: { surface: Surface; first: FirstState }): JSX.Element {
  const tab = useTargetTab(first.tab);
  const settings = useSettings(first.settings);
  const access = useSiteAccess(first.access);
  useTheme(settings.theme);
  if (tab !== null && tab !== 'none') {
    const firstLens = {
      tabId: first.tab !== null && first.tab !== 'none' ? first.tab.id : -1,
      value: first.lens,
    };
    return (
      <TabFaces
        key={tab.id}
        tab={tab}
        access={access}
        surface={surface}
        settings={settings}
        firstLens={firstLens}
      />
    );
  }
  return (
    <main
      className={`app app--${surface}`}
      aria-labelledby="app-title"
      data-face={tab === null ? 'reading' : 'not-on-site'}
    >
      <Header snapshot={null} signedOut={false} temporary={false} actions={null} />
      {tab === 'none' && <StateFace face={{ kind: 'not-on-site' }} />}
    </main>
  );
}
