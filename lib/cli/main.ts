import { readFile, writeFile } from 'node:fs/promises';
import { runCli } from './run-cli';

// The process side of `npm run inspect` / `chat-lens-inspect`: real files, real streams, the exit code.
process.exitCode = await runCli(process.argv.slice(2), {
  readFile: (path) => readFile(path, 'utf8'),
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  now: () => new Date(),
});
