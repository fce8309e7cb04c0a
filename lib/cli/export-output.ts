import type { CliIo } from './cli-io';
import { outputTarget } from './output-target';
import { type OutputOptions, outputWriter } from './output-writer';
import type { RunOutput } from './run-output';

/** An export format (lib/export/formats.ts) or the summary, to the --out file or standard output. */
export function exportOutput(
  io: Pick<CliIo, 'stdout' | 'createFile'>,
  out: string | null,
  options: OutputOptions,
): RunOutput {
  const writer = outputWriter(options);
  const target = outputTarget(io, out);
  let written = 0;
  return {
    name: target.name,
    begin: () => target.write(writer.opening),
    conversation: async (inspection) => {
      await target.write(writer.conversation(inspection, written));
      written += 1;
    },
    end: async () => {
      await target.write(writer.closing(written));
      await target.close();
    },
  };
}
