import { type ChangeEvent, type JSX, useId, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { mergeForImport, readLibraryFile } from '@/lens/library/library-file';
import { loadBrands, saveBrands } from '@/lens/runtime/contract/library-items';
import { type BrandSettings, NO_BRANDS } from '@/lib/library/brand-settings';
import { importSummary } from './import-summary';

type Said = { text: string; failed: boolean } | null;

/** Brands as the settings hold them, naming nothing (the settings read them to this shape). */
const namesNoBrand = (brands: BrandSettings): boolean => JSON.stringify(brands) === JSON.stringify(NO_BRANDS);

/**
 * Reads a library file and adds what it holds: each conversation the library lacks, or holds as written
 * earlier (mergeForImport), and its account's record merged into the one kept (library-account.ts). A file that cannot be read changes nothing and says why. The file's brands are
 * taken only when they name some and the user has named none.
 */
export function ImportLibrary({ data }: { data: LibraryData }): JSX.Element {
  const id = useId();
  const [said, setSaid] = useState<Said>(null);
  const [working, setWorking] = useState(false);
  const importFile = async (file: File): Promise<void> => {
    const read = readLibraryFile(await file.text());
    if (!read.ok) {
      setSaid({ text: `${file.name} was not imported: ${read.error.message}`, failed: true });
      return;
    }
    const { records, brands, account, skipped } = read.value;
    const written = await data.change(async (store) => {
      const merged = mergeForImport(await store.all(), records);
      if (merged.length > 0) await store.put(...merged);
      if (account !== null) await store.addAccount(account);
      return merged;
    });
    const tookBrands = brands !== null && !namesNoBrand(brands) && namesNoBrand(await loadBrands());
    if (tookBrands) await saveBrands(brands);
    const summary = importSummary(records, written, skipped);
    setSaid({ text: tookBrands ? `${summary} The file's brands were taken too.` : summary, failed: false });
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    setWorking(true);
    setSaid(null);
    importFile(file)
      .catch((error: unknown) =>
        setSaid({ text: `${file.name} was not imported: ${String(error)}`, failed: true }),
      )
      .finally(() => {
        setWorking(false);
        // The same file chosen again is read again.
        input.value = '';
      });
  };
  return (
    <div className="file-import">
      <label htmlFor={id}>Import a library file (JSON)</label>{' '}
      <input id={id} type="file" accept=".json,application/json" disabled={working} onChange={onFile} />
      <p className={`manage__said${said?.failed ? ' manage__said--failed' : ''}`} role="status">
        {working ? 'Importing…' : (said?.text ?? '')}
      </p>
    </div>
  );
}
