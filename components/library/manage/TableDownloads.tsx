import { type JSX, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { libraryFileStem } from '@/components/library/shared/library-file-names';
import { LIBRARY_TABLES, type LibraryTableName } from '@/lens/library/library-tables';
import { tableFileName } from '@/lens/library/table-file-name';
import { downloadFile } from '@/lens/runtime/contract/download-file';
import { loadBrands } from '@/lens/runtime/contract/library-items';
import type { LibraryTable } from '@/lib/library/library-table';
import { TABLE_FORMATS, type TableFormat, tableFormatInfo } from '@/lib/library/table-formats';
import { DatasetSave } from './DatasetSave';

/** What a table is called in a sentence, read from its name: a table added to LIBRARY_TABLES is named too. */
const tableLabel = (table: LibraryTable<LibraryTableName>): string => `${table.name} table`;

type Saving =
  | { kind: 'idle' }
  | { kind: 'working'; what: string }
  | { kind: 'said'; text: string; failed: boolean };

/**
 * The library's tables as files (export-format "Library tables"): each table in each format, written from
 * every kept conversation, the account's record and the user's brands when its button is pressed. The writers load on the first download, so the page
 * opens without the Parquet encoder.
 */
export function TableDownloads({ data }: { data: LibraryData }): JSX.Element {
  const [saving, setSaving] = useState<Saving>({ kind: 'idle' });
  const download = async (table: LibraryTable<LibraryTableName>, format: TableFormat): Promise<void> => {
    const info = tableFormatInfo(format);
    const what = `the ${tableLabel(table)} as ${info.label}`;
    setSaving({ kind: 'working', what });
    try {
      const [{ tableFile }, [records, account], brands] = await Promise.all([
        import('@/lens/library/table-file'),
        data.read((store) => Promise.all([store.all(), store.account()])),
        loadBrands(),
      ]);
      const body = await tableFile(format, table, records, account, { brands });
      const fileName = tableFileName(
        `${libraryFileStem(Date.now())}.${info.extension}`,
        table.name,
        info.extension,
      );
      downloadFile(document, { fileName, mimeType: info.mimeType, body });
      setSaving({ kind: 'said', text: `Saved ${fileName}.`, failed: false });
    } catch (error) {
      setSaving({ kind: 'said', text: `Could not write ${what}: ${String(error)}`, failed: true });
    }
  };
  return (
    <div className="table-downloads">
      <ul className="table-downloads__tables">
        {LIBRARY_TABLES.map((table) => (
          <li key={table.name} className="table-downloads__table">
            <span className="table-downloads__name">
              <strong>{`${table.name.charAt(0).toUpperCase()}${tableLabel(table).slice(1)}`}</strong>{' '}
              <span className="table-downloads__grain">({table.grain})</span>
            </span>
            <span className="table-downloads__buttons">
              {TABLE_FORMATS.map((format) => (
                <button
                  key={format.id}
                  type="button"
                  className="button"
                  disabled={saving.kind === 'working'}
                  aria-label={`Download the ${tableLabel(table)} as ${format.label}`}
                  onClick={() => void download(table, format.id)}
                >
                  {format.label}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <p
        className={`manage__said${saving.kind === 'said' && saving.failed ? ' manage__said--failed' : ''}`}
        role="status"
      >
        {saving.kind === 'working' ? `Writing ${saving.what}…` : saving.kind === 'said' ? saving.text : ''}
      </p>
      <DatasetSave data={data} />
    </div>
  );
}
