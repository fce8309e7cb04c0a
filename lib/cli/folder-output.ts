import { exportFileNameOf, writeExport } from '@/lib/export/format-writers';
import type { ExportFormat } from '@/lib/export/formats';
import type { CliIo } from './cli-io';
import { OutputWriteError, outputTarget } from './output-target';
import type { ExportWriteChoices } from './output-writer';
import type { RunOutput } from './run-output';

export interface FolderOptions {
  format: ExportFormat;
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
  const taken = new Set<string>();
  const uniqueName = (name: string): string => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot <= 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot)];
    let candidate = name;
    for (let count = 2; taken.has(candidate.toLowerCase()); count += 1)
      candidate = `${stem} (${count})${extension}`;
    // Compared without case: Windows and macOS would put two names differing only in case in one file.
    taken.add(candidate.toLowerCase());
    return candidate;
  };
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
