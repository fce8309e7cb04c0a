import { exportFileNameOf, writeExport } from '@/lib/export/format-writers';
import type { TextExportFormat } from '@/lib/export/formats';
import { uniqueNames } from '@/lib/export/unique-names';
import type { CliIo } from './cli-io';
import { OutputWriteError, outputTarget } from './output-target';
import type { ExportWriteChoices } from './output-writer';
import type { RunOutput } from './run-output';

export interface FolderOptions {
  format: TextExportFormat;
  write: ExportWriteChoices;
  exportedAt: Date;
  /** How each file is named (export-format "Templates"). */
  fileNameTemplate: string;
}

/**
 * Each conversation as its own file in a folder, named by the template (a notes vault of a data export):
 * written as soon as it is read, so a data export of any size streams through. Two conversations whose names
 * meet get " (2)", " (3)"… before the extension, so no file is written over.
 */
export function folderOutput(
  io: Pick<CliIo, 'createFile' | 'makeDirectory' | 'stdout'>,
  folder: string,
  options: FolderOptions,
): RunOutput {
  const uniqueName = uniqueNames();
  return {
    name: folder,
    begin: async () => {
      try {
        await io.makeDirectory(folder);
      } catch (error) {
        throw new OutputWriteError(
          `Cannot write ${folder}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    conversation: async (inspection) => {
      const fileName = exportFileNameOf(
        inspection,
        options.format,
        options.exportedAt,
        options.fileNameTemplate,
      );
      const target = outputTarget(io, `${folder.replace(/\/+$/, '')}/${uniqueName(fileName)}`);
      await target.write(
        writeExport(inspection, options.format, { ...options.write, exportedAt: options.exportedAt }),
      );
      await target.close();
    },
    end: async () => {},
  };
}
