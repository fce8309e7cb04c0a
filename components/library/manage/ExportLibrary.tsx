import { type JSX, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { libraryFileStem } from '@/components/library/shared/library-file-names';
import { libraryFileText } from '@/lens/library/library-file';
import { downloadFile } from '@/lens/runtime/contract/download-file';
import { loadBrands } from '@/lens/runtime/contract/library-items';

const JSON_TYPE = 'application/json';

/**
 * The whole library as one JSON file (lens/library/library-file.ts), with the brands and the account's
 * record, saved through an
 * object URL and an `<a download>` (architecture "Browser facts").
 */
export function ExportLibrary({ data }: { data: LibraryData }): JSX.Element {
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const [working, setWorking] = useState(false);
  const save = async (): Promise<void> => {
    setWorking(true);
    try {
      const [[records, account], brands] = await Promise.all([
        data.read((store) => Promise.all([store.all(), store.account()])),
        loadBrands(),
      ]);
      const now = new Date();
      const fileName = `${libraryFileStem(now.getTime())}.json`;
      const text = libraryFileText(records, now, brands, account);
      downloadFile(document, { fileName, mimeType: JSON_TYPE, body: new Blob([text], { type: JSON_TYPE }) });
      setSaid({ text: `Saved ${fileName}.`, failed: false });
    } catch (error) {
      setSaid({ text: `The library could not be exported: ${String(error)}`, failed: true });
    } finally {
      setWorking(false);
    }
  };
  return (
    <div className="library-file-actions">
      <button type="button" className="button button--primary" disabled={working} onClick={() => void save()}>
        Export the library (JSON)
      </button>
      <p className={`manage__said${said?.failed ? ' manage__said--failed' : ''}`} role="status">
        {said?.text ?? ''}
      </p>
    </div>
  );
}
