import type { CliIo, OutputSink } from './cli-io';

/** The output could not be written: told apart from every other failure, since the message differs. */
export class OutputWriteError extends Error {}

export interface OutputTarget extends OutputSink {
  /** Where the output went, for messages: the --out path, or standard output. */
  readonly name: string;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Standard output, or the --out file created at the first write: a run that fails before it has any output
 * leaves no file behind, and one that fails later keeps what it wrote.
 */
export function outputTarget(io: Pick<CliIo, 'stdout' | 'createFile'>, path: string | null): OutputTarget {
  const name = path ?? 'standard output';
  let file: Promise<OutputSink> | null = null;
  const failed = (error: unknown): never => {
    throw new OutputWriteError(`Cannot write ${name}: ${reason(error)}`);
  };
  const sink = async (): Promise<OutputSink> => {
    if (path === null) return { write: io.stdout, close: async () => {} };
    file ??= io.createFile(path);
    return file;
  };
  return {
    name,
    write: async (piece) => {
      try {
        await (await sink()).write(piece);
      } catch (error) {
        failed(error);
      }
    },
    close: async () => {
      try {
        await (await sink()).close();
      } catch (error) {
        failed(error);
      }
    },
  };
}
