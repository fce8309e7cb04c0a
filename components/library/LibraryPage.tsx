import { type JSX, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { AccountRunPanel } from '@/components/library/account-run/AccountRunPanel';
import { ACCOUNT_RUN_NOTE } from '@/components/library/account-run/account-run-text';
import { useAccountRunStatus } from '@/components/library/account-run/use-account-run';
import { ImportDataExport } from '@/components/library/import/ImportDataExport';
import { ImportLibrary } from '@/components/library/import/ImportLibrary';
import { useTableChoices } from '@/components/library/tables/table-choices';
import { useLibraryStatus } from '@/components/use-library-status';
import { useSettings } from '@/components/use-settings';
import { useSettingsChange } from '@/components/use-settings-change';
import { useTheme } from '@/components/use-theme';
import { overviewOf } from '@/lens/library/overview';
import { changeSettings } from '@/lens/runtime/contract/settings-items';
import { LibraryEmpty } from './LibraryEmpty';
import { LibraryHeader } from './LibraryHeader';
import { LibraryOff } from './LibraryOff';
import { LibraryPanel } from './LibraryPanel';
import { LibraryStatusBanner } from './LibraryStatusBanner';
import { LibraryTabs } from './LibraryTabs';
import type { LibraryFirst } from './library-first';
import { needsRecords } from './library-tabs';
import { useHashTab } from './use-hash-tab';
import './library-page.css';

/**
 * The library page (architecture "The library"): its header, what failed, then either what the library is
 * and how to fill it, or its tabs. The theme follows the settings, as the popup's does.
 */
export function LibraryPage({ first }: { first: LibraryFirst }): JSX.Element {
  const { data } = first;
  const settings = useSettings(first.settings);
  useTheme(settings.theme);
  const status = useLibraryStatus(first.status);
  const view = useSyncExternalStore(data.subscribe, data.view, data.view);
  const [tab, showTab] = useHashTab(first.tab);
  const [choices, choose] = useTableChoices();
  const overview = useMemo(
    () => overviewOf(view.summaries ?? [], view.account),
    [view.summaries, view.account],
  );
  const kept = overview.conversations;

  // The worker wrote the library (the status's time moved): new conversations may have arrived. What is
  // shown stays until the new read answers, so the user keeps their place.
  const seenWrite = useRef(first.status.at);
  useEffect(() => {
    if (status.at === seenWrite.current) return;
    seenWrite.current = status.at;
    void data.refresh();
  }, [status.at, data]);

  const shown = kept > 0;
  // A run seen going stays in view above the tabs, whichever is shown, once the first conversations have
  // turned the empty page into the tabs; the Manage tab has it anyway.
  const [run] = useAccountRunStatus();
  const seenGoing = useRef(false);
  if (run.status === 'running' || run.status === 'paused') seenGoing.current = true;
  const runAboveTabs = seenGoing.current && run.status !== 'none' && tab !== 'manage';
  useEffect(() => {
    if (shown && needsRecords(tab)) void data.wantRecords();
  }, [shown, tab, data]);

  const saving = useSettingsChange(changeSettings);
  const turnOn = (): void => saving.change({ library: { enabled: true } });
  const problem = view.problem ?? saving.problem;
  return (
    <div className="library-page">
      <LibraryHeader overview={view.summaries === null ? null : overview} />
      <main className="library-main" aria-labelledby="library-title">
        <LibraryStatusBanner status={status} />
        {problem !== null && (
          <p className="banner banner--error library-banner" role="alert">
            {problem}
          </p>
        )}
        {view.summaries !== null && !settings.library.enabled && <LibraryOff kept={kept} onTurnOn={turnOn} />}
        {view.summaries !== null && settings.library.enabled && !shown && (
          <LibraryEmpty>
            <h3>Your whole ChatGPT account</h3>
            <p>{ACCOUNT_RUN_NOTE}</p>
            <AccountRunPanel data={data} />
            <h3>Or a file</h3>
            <ImportLibrary data={data} />
            <ImportDataExport data={data} keepAnswerText={settings.library.keepAnswerText} />
          </LibraryEmpty>
        )}
        {shown && (
          <>
            {runAboveTabs && (
              <section className="face library-face library-run" aria-label="Adding the whole account">
                <AccountRunPanel data={data} />
              </section>
            )}
            <LibraryTabs shown={tab} onShow={showTab} />
            <LibraryPanel
              tab={tab}
              data={data}
              view={view}
              overview={overview}
              settings={settings}
              choices={choices}
              onChoice={choose}
            />
          </>
        )}
      </main>
    </div>
  );
}
