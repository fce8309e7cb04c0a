import type { JSX } from 'react';
import { AccountRunPanel } from '@/components/library/account-run/AccountRunPanel';
import { ACCOUNT_RUN_NOTE } from '@/components/library/account-run/account-run-text';
import { ImportDataExport } from '@/components/library/import/ImportDataExport';
import { ImportLibrary } from '@/components/library/import/ImportLibrary';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import type { LibraryData } from '@/components/library/shared/library-data';
import type { UnreadableRecord } from '@/lens/library/library-schema';
import type { LibrarySummary } from '@/lens/library/library-summary';
import type { Settings } from '@/lens/runtime/contract/settings';
import { DeleteConversations } from './DeleteConversations';
import { DeleteEverything } from './DeleteEverything';
import { EarlierRecords } from './EarlierRecords';
import { ExportLibrary } from './ExportLibrary';
import { ManageChoices } from './ManageChoices';
import { TableDownloads } from './TableDownloads';
import './manage-tab.css';

/** Manage: what the library keeps and for how long, its files in and out, and deleting from it. */
export function ManageTab({
  data,
  summaries,
  unreadable,
  settings,
}: {
  data: LibraryData;
  summaries: readonly LibrarySummary[];
  unreadable: readonly UnreadableRecord[];
  settings: Settings;
}): JSX.Element {
  return (
    <div className="manage-tab">
      <EarlierRecords data={data} summaries={summaries} unreadable={unreadable} />
      <LibrarySection title="What the library keeps">
        <ManageChoices data={data} settings={settings} />
      </LibrarySection>
      <LibrarySection
        title="Export and import"
        note="One JSON file holds every kept conversation and your brands; importing one adds what it holds and keeps the newer copy of a conversation kept in both."
      >
        <ExportLibrary data={data} />
        <ImportLibrary data={data} />
      </LibrarySection>
      {settings.library.enabled && (
        <LibrarySection title="Your whole ChatGPT account" note={ACCOUNT_RUN_NOTE}>
          <AccountRunPanel data={data} />
        </LibrarySection>
      )}
      {settings.library.enabled && (
        <LibrarySection
          title="ChatGPT's data export"
          note="The ZIP file ChatGPT sends when you export your data, or its unpacked folder: every conversation in it is kept as if you had opened it with Chat Lens, without ads or offers, which the export does not hold. A conversation kept already is replaced only by a newer copy."
        >
          <ImportDataExport data={data} keepAnswerText={settings.library.keepAnswerText} />
        </LibrarySection>
      )}
      <LibrarySection
        title="Table downloads"
        note="The tables for a spreadsheet, SQL or a data frame: CSV, JSON Lines or Parquet."
      >
        <TableDownloads data={data} />
      </LibrarySection>
      <LibrarySection title="Delete conversations">
        <DeleteConversations data={data} summaries={summaries} />
      </LibrarySection>
      <LibrarySection title="Delete everything">
        <DeleteEverything data={data} count={summaries.length} />
      </LibrarySection>
    </div>
  );
}
