import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { startReplica } from './server';

/**
 * `npx tsx tests/replica/cli.ts [--port N] [--slow-ms N]`: starts the replica, prints how to reach it and
 * every fixture conversation; Ctrl-C stops it.
 */
function numberOption(name: string): number | undefined {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} needs a whole number`);
    process.exit(2);
  }
  return value;
}

const replica = await startReplica({ port: numberOption('--port') ?? 0, slowMs: numberOption('--slow-ms') });
console.log(`Replica of https://chatgpt.com listening on 127.0.0.1:${replica.port}`);
console.log(
  `Chromium: --host-resolver-rules="MAP chatgpt.com:443 127.0.0.1:${replica.port}" --ignore-certificate-errors`,
);
console.log('Conversations:');
for (const scenario of Object.values(SCENARIOS)) {
  console.log(`  https://chatgpt.com/c/${scenario.id}  ${scenario.name.padEnd(17)} ${scenario.title}`);
}
console.log('Ctrl-C stops it.');

process.once('SIGINT', () => {
  void replica.close().then(() => process.exit(0));
});
