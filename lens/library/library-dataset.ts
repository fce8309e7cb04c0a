import type { TableContext } from '@/lib/library/library-table';
import { writeDataset } from './dataset-writer';
import { type DirectoryHandle, directoryDatasetFolder } from './directory-dataset-folder';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { LIBRARY_TABLES } from './library-tables';
import { zipDatasetFolder } from './zip-dataset-folder';

/** Where the library page writes the team dataset: the member's folder the user picked, or a ZIP. */
export type DatasetPlace = { folder: DirectoryHandle } | { zip: true };

/** What was written: the files' paths, and the ZIP to download when the place was one. */
export interface DatasetWritten {
  paths: string[];
  zip: Blob | null;
}

/** Every table of the library as a team dataset (export-format "Team dataset"), for the library page. */
export async function writeLibraryDataset(
  place: DatasetPlace,
  conversations: Iterable<LibraryConversation>,
  account: LibraryAccount | null,
  context: TableContext,
  runAt: Date,
): Promise<DatasetWritten> {
  if ('folder' in place) {
    const folder = directoryDatasetFolder(place.folder);
    return {
      paths: await writeDataset(folder, conversations, account, context, runAt, LIBRARY_TABLES),
      zip: null,
    };
  }
  const zip = zipDatasetFolder(runAt);
  const paths = await writeDataset(zip, conversations, account, context, runAt, LIBRARY_TABLES);
  return { paths, zip: zip.finish() };
}
