import { type JSX, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { datasetZipFileName } from '@/components/library/shared/library-file-names';
import type { DirectoryHandle } from '@/lens/library/directory-dataset-folder';
import { downloadFile } from '@/lens/runtime/contract/download-file';
import { loadBrands } from '@/lens/runtime/contract/library-items';
import { countOf } from '@/lib/model/count-text';

type Saving = { kind: 'idle' } | { kind: 'working' } | { kind: 'said'; text: string; failed: boolean };

/** Chromium's folder picker (File System Access API), where the browser has it. */
type DirectoryPicker = (options: { id: string; mode: 'readwrite' }) => Promise<DirectoryHandle>;

const directoryPicker = (): DirectoryPicker | null => {
  const page = globalThis as { showDirectoryPicker?: DirectoryPicker };
  return typeof page.showDirectoryPicker === 'function' ? page.showDirectoryPicker.bind(globalThis) : null;
};

/**
 * The library's tables as a team dataset (export-format "Team dataset"): into a folder the user picks where
 * the browser has a folder picker, replacing the files of the last save there; as a ZIP of the same layout
 * otherwise (Firefox). The writers load on the first save.
 */
export function DatasetSave({ data }: { data: LibraryData }): JSX.Element {
  const [saving, setSaving] = useState<Saving>({ kind: 'idle' });
  const picker = directoryPicker();
  const save = async (): Promise<void> => {
    let folder: DirectoryHandle | null = null;
    if (picker !== null) {
      // The picker is opened first, while the click still lets the page open it.
      try {
        folder = await picker({ id: 'chat-lens-dataset', mode: 'readwrite' });
      } catch (error) {
        // Closing the picker is no failure; a folder the browser refuses is.
        const cancelled = error instanceof DOMException && error.name === 'AbortError';
        setSaving(
          cancelled
            ? { kind: 'idle' }
            : { kind: 'said', text: `Could not open the folder: ${String(error)}`, failed: true },
        );
        return;
      }
    }
    setSaving({ kind: 'working' });
    try {
      const [{ writeLibraryDataset }, [records, account], brands] = await Promise.all([
        import('@/lens/library/library-dataset'),
        data.read((store) => Promise.all([store.all(), store.account()])),
        loadBrands(),
      ]);
      const now = new Date();
      const place = folder === null ? { zip: true as const } : { folder };
      const written = await writeLibraryDataset(place, records, account, { brands }, now);
      const files = countOf(written.paths.length, 'file');
      if (written.zip === null) {
        setSaving({ kind: 'said', text: `Wrote ${files} into the folder you picked.`, failed: false });
        return;
      }
      const fileName = datasetZipFileName(now.getTime());
      downloadFile(document, { fileName, mimeType: 'application/zip', body: written.zip });
      setSaving({ kind: 'said', text: `Saved ${fileName} (${files}).`, failed: false });
    } catch (error) {
      setSaving({ kind: 'said', text: `Could not write the team dataset: ${String(error)}`, failed: true });
    }
  };
  return (
    <div className="table-downloads__dataset">
      <p>
        <strong>Team dataset</strong>: every table as Parquet, by month. Save it into your own folder of the
        team's shared folder (for example <code>team/alice/</code>); everyone's folders side by side are read
        as one dataset.{' '}
        {picker === null
          ? 'This browser cannot write into a folder: unzip the download into yours.'
          : 'Saving again replaces the files of the last save there.'}
      </p>
      <button
        type="button"
        className="button"
        disabled={saving.kind === 'working'}
        onClick={() => void save()}
      >
        {picker === null ? 'Download team dataset (ZIP)' : 'Save team dataset to a folder…'}
      </button>
      <p
        className={`manage__said${saving.kind === 'said' && saving.failed ? ' manage__said--failed' : ''}`}
        role="status"
      >
        {saving.kind === 'working' ? 'Writing the team dataset…' : saving.kind === 'said' ? saving.text : ''}
      </p>
    </div>
  );
}
