import type { JSX } from 'react';
import { BrandsTab } from '@/components/library/brands/BrandsTab';
import { FanoutTab } from '@/components/library/fanout/FanoutTab';
import { ManageTab } from '@/components/library/manage/ManageTab';
import { OverviewTab } from '@/components/library/overview/OverviewTab';
import type { LibraryData, LibraryView } from '@/components/library/shared/library-data';
import { isTableTab, TABLE_PANELS } from '@/components/library/tables/TableTabs';
import { choiceOf, type TableChoice, type TableChoices } from '@/components/library/tables/table-choices';
import { TrendsTab } from '@/components/library/trends/TrendsTab';
import { VarianceTab } from '@/components/library/variance/VarianceTab';
import { ViewBoundary } from '@/components/shell/ViewBoundary';
import { type LibraryGrids, libraryGrids } from '@/lens/library/grids';
import type { LibraryAccount, LibraryConversation } from '@/lens/library/library-record';
import type { LibraryOverview } from '@/lens/library/overview';
import type { Settings } from '@/lens/runtime/contract/settings';
import { LIBRARY_TABS, type LibraryTabId, libraryPanelId, libraryTabId } from './library-tabs';
import { RecordsGate } from './RecordsGate';

/**
 * The four tables of one read of the records and of the account's record: built on the first visit to a
 * table tab, then shared by the four and kept while that read is shown, whichever tab comes between.
 */
const builtTables = new WeakMap<
  readonly LibraryConversation[],
  { account: LibraryAccount | null; tables: LibraryGrids }
>();

function tablesOf(records: readonly LibraryConversation[], account: LibraryAccount | null): LibraryGrids {
  const built = builtTables.get(records);
  if (built?.account === account) return built.tables;
  const tables = libraryGrids(records, account);
  builtTables.set(records, { account, tables });
  return tables;
}

/** The tables' choices, and how one is changed: the page holds them while it is open. */
interface ChoicesProps {
  choices: TableChoices;
  onChoice: (table: string, choice: TableChoice) => void;
}

/** The shown tab's panel; only that tab is mounted, and its failure stays in it (the page and tabs go on). */
export function LibraryPanel({
  tab,
  data,
  view,
  overview,
  settings,
  choices,
  onChoice,
}: ChoicesProps & {
  tab: LibraryTabId;
  data: LibraryData;
  view: LibraryView;
  overview: LibraryOverview;
  settings: Settings;
}): JSX.Element {
  const gate = (render: (records: readonly LibraryConversation[]) => JSX.Element): JSX.Element => (
    <RecordsGate
      load={view.records}
      conversations={overview.conversations}
      onRetry={() => void data.wantRecords()}
    >
      {render}
    </RecordsGate>
  );
  const content = (): JSX.Element => {
    if (isTableTab(tab)) {
      const Panel = TABLE_PANELS[tab];
      return gate((records) => (
        <Panel
          tables={tablesOf(records, view.account)}
          choice={choiceOf(choices, tab)}
          onChoice={(choice) => onChoice(tab, choice)}
        />
      ));
    }
    switch (tab) {
      case 'overview':
        return <OverviewTab overview={overview} />;
      case 'brands':
        return gate((records) => (
          <BrandsTab
            records={records}
            choice={choiceOf(choices, 'prompts')}
            onChoice={(choice) => onChoice('prompts', choice)}
          />
        ));
      case 'trends':
        return gate((records) => (
          <TrendsTab
            records={records}
            account={view.account}
            choice={choiceOf(choices, 'trends')}
            onChoice={(choice) => onChoice('trends', choice)}
          />
        ));
      case 'variance':
        return gate((records) => (
          <VarianceTab
            records={records}
            choice={choiceOf(choices, 'variance')}
            onChoice={(choice) => onChoice('variance', choice)}
          />
        ));
      case 'fanout':
        return gate((records) => (
          <FanoutTab
            records={records}
            tables={tablesOf(records, view.account)}
            choice={choiceOf(choices, 'fanout')}
            onChoice={(choice) => onChoice('fanout', choice)}
          />
        ));
      case 'manage':
        return (
          <ManageTab
            data={data}
            summaries={view.summaries ?? []}
            unreadable={view.unreadable}
            settings={settings}
          />
        );
    }
  };
  return (
    <div
      className="panel library-panel"
      role="tabpanel"
      id={libraryPanelId(tab)}
      aria-labelledby={libraryTabId(tab)}
    >
      <ViewBoundary
        key={tab}
        where={`The ${LIBRARY_TABS.find((entry) => entry.id === tab)?.label ?? tab} tab`}
      >
        {content()}
      </ViewBoundary>
    </div>
  );
}
