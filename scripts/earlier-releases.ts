import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { projectRoot } from '@/tests/support/build-extension';
import { EARLIER_RELEASES, earlierReleaseZip } from '@/tests/support/earlier-releases';

/**
 * `npm run earlier-releases`: builds each release of tests/support/earlier-releases.ts from the repository's
 * own history and keeps its Chromium build as a ZIP beside the upgrade test (testing "Upgrades"). Each is
 * built in a worktree of its commit with this checkout's packages; a release whose ZIP is there already is
 * left as it is (`--again` builds every one anew).
 */

const again = process.argv.includes('--again');

function filesOf(dir: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path);
    }
  };
  walk(dir);
  return files;
}

function build(commit: string): Uint8Array {
  const tree = mkdtempSync(join(tmpdir(), `chat-lens-release-${commit.slice(0, 7)}-`));
  const git = (...args: string[]): void => {
    execFileSync('git', args, { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  };
  git('worktree', 'add', '--detach', tree, commit);
  try {
    symlinkSync(join(projectRoot, 'node_modules'), join(tree, 'node_modules'));
    execFileSync(process.execPath, ['node_modules/wxt/bin/wxt.mjs', 'build'], {
      cwd: tree,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Dates fixed, so the same build makes the same bytes.
    const files = filesOf(join(tree, '.output', 'chrome-mv3'));
    return zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
  } finally {
    git('worktree', 'remove', '--force', tree);
  }
}

for (const release of EARLIER_RELEASES) {
  const path = earlierReleaseZip(release);
  if (existsSync(path) && !again) {
    console.log(`${release.commit.slice(0, 7)}: kept (${relative(projectRoot, path)})`);
    continue;
  }
  const zip = build(release.commit);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, zip);
  console.log(`${release.commit.slice(0, 7)}: built, ${zip.length} bytes (${relative(projectRoot, path)})`);
}
