import { type CliIo, runCli } from '@/lib/cli/run-cli';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  written: Map<string, string>;
}

/** Runs the command over in-memory files, as a user would run it over files on disk. */
export async function run(argv: string[], files: Record<string, unknown>): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const written = new Map<string, string>();
  const io: CliIo = {
    readFile: async (path) => {
      const content = files[path];
      if (content === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
      return typeof content === 'string' ? content : JSON.stringify(content);
    },
    writeFile: async (path, text) => void written.set(path, text),
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    now: () => new Date('2026-11-20T12:00:00Z'),
  };
  return { code: await runCli(argv, io), stdout, stderr, written };
}
