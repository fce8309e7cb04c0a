import { type JSX, lazy, Suspense, useEffect } from 'react';
import { CapturedCounts } from '@/components/shell/CapturedCounts';
import { ExportControls } from '@/components/shell/ExportControls';
import { Header } from '@/components/shell/Header';
import { lensFace } from '@/components/shell/lens-face';
import { OpenSidePanelButton } from '@/components/shell/OpenSidePanelButton';
import { SettingsButton } from '@/components/shell/SettingsButton';
import { StateBanner } from '@/components/shell/StateBanner';
import { StateFace } from '@/components/shell/StateFace';
import { type SiteAccess, siteAccessFace } from '@/components/shell/site-access-face';
import { ViewPanel } from '@/components/shell/ViewPanel';
import { ViewTabs } from '@/components/shell/ViewTabs';
import { useViewStore } from '@/components/views/view-store';
import { sendMessage } from '@/lens/runtime/contract/protocol';
import type { Settings } from '@/lens/runtime/contract/settings';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { isTemporaryChatUrl } from '@/lib/capture/endpoint';
import type { TargetTab } from './first-state';
import type { Surface } from './surface';
import { useTabLens } from './use-tab-lens';

/**
 * Loaded when first opened: no first render shows it, and its choices (templates, transcript, library) are
 * the code the pages would otherwise fetch and compile before their first render (benchmarks "Method").
 */
const SettingsPanel = lazy(() =>
  import('@/components/shell/SettingsPanel').then((module) => ({ default: module.SettingsPanel })),
);

/** Everything the popup and the side panel show for one tab: header, state face or views, export. */
export function TabFaces({
  tab,
  access,
  surface,
  settings,
  firstLens,
}: {
  tab: TargetTab;
  /** undefined until the browser said (use-site-access.ts). */
  access: SiteAccess | undefined;
  surface: Surface;
  settings: Settings;
  /** The lens read before the first render (first-state.ts), and the tab it is of. */
  firstLens: { tabId: number; value: TabLens | null | undefined };
}): JSX.Element {
  const lens = useTabLens(tab.id, firstLens);
  const shownView = useViewStore((state) => state.shownView);
  const settingsOpen = useViewStore((state) => state.settingsOpen);
  // Without a stored lens the face depends on the tab's URL, so it waits for it (no wrong face first).
  const face =
    access === undefined || lens === undefined || (lens === null && tab.url === undefined)
      ? null
      : (siteAccessFace(access, tab.url ?? null, lens) ?? lensFace({ url: tab.url ?? null }, lens));
  const siteReadable = face !== null && face.kind !== 'access-off' && face.kind !== 'reload-needed';
  // Nothing is asked of the worker for a tab it cannot reach: its requests to chatgpt.com would fail.
  const conversationId = siteReadable ? (lens?.conversationId ?? null) : null;

  // The UI opened (architecture "Event-driven refresh": a refresh trigger): the worker loads only what is
  // missing, debounced.
  useEffect(() => {
    if (conversationId !== null) void sendMessage('refresh', { tabId: tab.id }).catch(() => undefined);
  }, [tab.id, conversationId]);

  const snapshot = face?.kind === 'views' ? face.snapshot : null;
  const refreshOffers = (): void =>
    void sendMessage('refreshOffers', { tabId: tab.id }).catch(() => undefined);
  return (
    <main className={`app app--${surface}`} aria-labelledby="app-title" data-face={face?.kind ?? 'reading'}>
      <Header
        snapshot={snapshot}
        signedOut={lens?.signedOut === true}
        temporary={lens?.url != null && isTemporaryChatUrl(lens.url)}
        actions={
          <>
            {surface === 'popup' && <OpenSidePanelButton tabId={tab.id} />}
            <SettingsButton />
          </>
        }
      />
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsPanel settings={settings} />
        </Suspense>
      )}
      {face !== null && face.kind !== 'views' && <StateFace face={face} tabId={tab.id} />}
      {face?.kind === 'views' && (
        <>
          {face.banners.map((banner) => (
            <StateBanner key={banner.kind} banner={banner} />
          ))}
          <ExportControls tabId={tab.id} settings={settings} />
          <ViewTabs snapshot={face.snapshot} />
          <ViewPanel view={shownView} snapshot={face.snapshot} onRefreshOffers={refreshOffers} />
        </>
      )}
      {siteReadable && lens != null && <CapturedCounts lens={lens} />}
    </main>
  );
}
