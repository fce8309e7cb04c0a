import type { ExportPiece } from '@/lens/export/format-writers';
import type { CliIo } from './cli-io';
import { outputTarget } from './output-target';
import { type OutputOptions, outputWriter } from './output-writer';
import type { RunOutput } from './run-output';

/** An export format (lens/export/formats.ts) or the summary, to the --out file or standard output. */
export function exportOutput(
  io: Pick<CliIo, 'stdout' | 'createFile'>,
  out: string | null,
  options: OutputOptions,
): RunOutput {
  const writer = outputWriter(options);
  const target = outputTarget(io, out);
  const write = async (pieces: readonly ExportPiece[]): Promise<void> => {
    for (const piece of pieces) await target.write(piece);
  };
  return {
    name: target.name,
    begin: () => write(writer.opening()),
    conversation: async (inspection) =>
      write(writer.conversation(inspection, await options.assetFiles?.(inspection))),
    end: async () => {
      await write(writer.closing());
      await target.close();
    },
  };
}
