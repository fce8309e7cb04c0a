import { partialFileName } from '@/lens/library/dataset-layout';
import { type DatasetFolder, datasetWriter } from '@/lens/library/dataset-writer';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import type { CliIo } from './cli-io';
import { madeFolder } from './folder-output';
import { OutputWriteError, outputTarget } from './output-target';
import type { RunOutput } from './run-output';
import { type TableOutputOptions, tableRecordOf } from './table-output';

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The folder of `--out-dir` as a dataset's folder: each file written under a hidden partial name and renamed
 * once complete, so a run that stops leaves no half-written `.parquet` (export-format "Team dataset").
 */
export function cliDatasetFolder(
  io: Pick<
    CliIo,
    'createFile' | 'makeDirectory' | 'stdout' | 'rename' | 'removeFile' | 'isFolder' | 'listFolder'
  >,
  folder: string,
): DatasetFolder {
  const root = folder.replace(/\/+$/, '');
  const made = new Set<string>();
  const failed = (path: string, error: unknown): never => {
    throw new OutputWriteError(`Cannot write ${path}: ${reason(error)}`);
  };
  return {
    create: async (path) => {
      const full = `${root}/${path}`;
      const slash = full.lastIndexOf('/');
      const parent = full.slice(0, slash);
      if (!made.has(parent)) {
        await madeFolder(io, parent);
        made.add(parent);
      }
      const partial = `${parent}/${partialFileName(full.slice(slash + 1))}`;
      const target = outputTarget(io, partial);
      return {
        write: (chunk) => target.write(chunk),
        close: async () => {
          await target.close();
          await io.rename(partial, full).catch((error: unknown) => failed(full, error));
        },
      };
    },
    list: async (path) => {
      const full = `${root}/${path}`;
      return (await io.isFolder(full)) ? io.listFolder(full) : [];
    },
    remove: (path) =>
      io.removeFile(`${root}/${path}`).catch((error: unknown) => failed(`${root}/${path}`, error)),
  };
}

export interface DatasetOutputOptions extends Omit<TableOutputOptions, 'format' | 'out'> {
  /** The member's folder of `--out-dir`. */
  folder: string;
}

/**
 * The library's tables of every conversation read as a team dataset in `--out-dir`
 * (export-format "Team dataset"): each conversation becomes the record the library would keep, and its rows
 * go to their month's file at once.
 */
export function datasetOutput(
  io: Parameters<typeof cliDatasetFolder>[0],
  options: DatasetOutputOptions,
): RunOutput {
  const writer = datasetWriter(
    cliDatasetFolder(io, options.folder),
    LIBRARY_TABLES,
    { brands: options.brands },
    new Date(options.savedAt),
  );
  return {
    name: `the dataset in ${options.folder}`,
    begin: async () => {},
    conversation: async (inspection) => {
      const record = tableRecordOf(inspection, options);
      if (record === null) return;
      await writer.conversation(record);
    },
    end: async () => {
      await writer.end(options.account);
    },
  };
}
