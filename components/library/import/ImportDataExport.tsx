import { type ChangeEvent, type JSX, useId, useRef, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { type ImportProgress, importDataExport } from '@/lens/library/data-export-import';
import { libraryBatchWriter } from '@/lens/library/data-export-merge';
import { dataExportSummary, importProgressText } from './data-export-summary';
import { pickedDataExport } from './picked-data-export';

type ImportState =
  | { phase: 'idle' }
  | { phase: 'reading'; progress: ImportProgress }
  | { phase: 'done'; text: string; failed: boolean };

/** React has no type for the folder picker's attribute, which every browser the extension runs in knows. */
const FOLDER_PICKER = { webkitdirectory: '' } as Record<string, string>;

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Reads ChatGPT's own data export into the library (export-format "Reading the data export"): its ZIP file
 * as sent, or the folder it unpacks to, one conversation at a time, with progress and a way to stop. What
 * was read before a stop or a damaged file is kept.
 */
export function ImportDataExport({
  data,
  keepAnswerText,
}: {
  data: LibraryData;
  keepAnswerText: boolean;
}): JSX.Element {
  const zipId = useId();
  const folderId = useId();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const cancelled = useRef(false);
  const [stopping, setStopping] = useState(false);
  const reading = state.phase === 'reading';
  const stop = (): void => {
    cancelled.current = true;
    setStopping(true);
  };

  const importPicked = async (name: string, files: File[]): Promise<void> => {
    const source = await pickedDataExport(files);
    if (!source.ok) {
      setState({ phase: 'done', text: `${name} was not imported: ${source.error.message}`, failed: true });
      return;
    }
    const outcome = await data.change((store) =>
      importDataExport(source.value, {
        keepAnswerText,
        savedAt: Date.now(),
        write: libraryBatchWriter(store),
        writeAccount: (account) => store.addAccount(account),
        progress: (progress) => setState({ phase: 'reading', progress }),
        cancelled: () => cancelled.current,
      }),
    );
    setState({ phase: 'done', text: dataExportSummary(outcome), failed: outcome.stopped !== null });
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>): void => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    const [first] = files;
    if (first === undefined) return;
    // A folder's files are named from the folder picked; its own name is their path's first part.
    const name = first.webkitRelativePath.split('/')[0] || first.name;
    cancelled.current = false;
    setStopping(false);
    setState({ phase: 'reading', progress: { conversations: 0, bytesRead: 0, totalBytes: 0 } });
    importPicked(name, files)
      .catch((error: unknown) =>
        // A failed write (a full disk) stops the import; the batches written before it stay.
        setState({
          phase: 'done',
          text: `Importing ${name} stopped: ${reasonOf(error)} What was imported before it is kept.`,
          failed: true,
        }),
      )
      .finally(() => {
        // The same export chosen again is read again.
        input.value = '';
      });
  };

  return (
    <div className="data-export-import">
      <p className="data-export-import__pickers">
        <label htmlFor={zipId}>Import ChatGPT's data export (ZIP)</label>{' '}
        <input id={zipId} type="file" accept=".zip,application/zip" disabled={reading} onChange={onPick} />
      </p>
      <p className="data-export-import__pickers">
        <label htmlFor={folderId}>or its unpacked folder</label>{' '}
        <input id={folderId} type="file" {...FOLDER_PICKER} disabled={reading} onChange={onPick} />
      </p>
      {state.phase === 'reading' && (
        <p className="data-export-import__progress">
          <progress
            aria-label="Importing the data export"
            value={state.progress.bytesRead}
            max={Math.max(state.progress.totalBytes, 1)}
          />{' '}
          <span>{importProgressText(state.progress)}</span>{' '}
          <button type="button" className="button" onClick={stop} disabled={stopping}>
            {stopping ? 'Stopping…' : 'Cancel'}
          </button>
        </p>
      )}
      <p
        className={`manage__said${state.phase === 'done' && state.failed ? ' manage__said--failed' : ''}`}
        role="status"
      >
        {state.phase === 'done' ? state.text : ''}
      </p>
    </div>
  );
}
