import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { firefoxBuildDir, projectRoot } from '@/tests/support/build-extension';

/**
 * The Firefox build in .output/firefox-mv3, its zips (both made by the e2e global setup), and what
 * addons.mozilla.org's linter (web-ext lint, the npm package) says of it: no error, and only the warnings
 * testing "Firefox" explains.
 */
interface LintMessage {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

interface LintReport {
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** `web-ext lint --output json`; it exits non-zero when it finds errors, and still prints the report. */
function lintFirefoxBuild(): LintReport {
  const args = [
    'node_modules/web-ext/bin/web-ext.js',
    'lint',
    '--source-dir',
    firefoxBuildDir,
    '--output',
    'json',
  ];
  let output: string;
  try {
    output = execFileSync(process.execPath, args, { cwd: projectRoot, encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(output) as LintReport;
}

/** The code around a warning's position in the built file. */
function codeAround(warning: LintMessage, before: number, after: number): string {
  const line =
    readFileSync(join(firefoxBuildDir, warning.file ?? ''), 'utf8').split('\n')[(warning.line ?? 1) - 1] ??
    '';
  const at = (warning.column ?? 1) - 1;
  return line.slice(Math.max(0, at - before), at + after);
}

const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
/** The entry names of a zip: its central directory's headers (signature PK\x01\x02, name at byte 46). */
function zipEntryNames(kind: string): string[] {
  const zip = readFileSync(
    join(projectRoot, '.output', `${packageJson.name}-${packageJson.version}-${kind}.zip`),
  );
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at !== -1; at = zip.indexOf('PK\x01\x02', at + 46)) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
  }
  return names;
}

describe('the Firefox build', () => {
  let lint: LintReport;
  beforeAll(() => {
    // The e2e global setup built .output/firefox-mv3 and packed it and the sources (`wxt zip -b firefox`).
    lint = lintFirefoxBuild();
  }, 180_000);

  it('declares the side panel as a sidebar, asks for no sidePanel permission, and collects no data', () => {
    const manifest = JSON.parse(readFileSync(join(firefoxBuildDir, 'manifest.json'), 'utf8'));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' });
    expect(manifest.side_panel).toBeUndefined();
    expect(manifest.permissions).toEqual(['storage']);
    expect(manifest.host_permissions).toEqual(['https://chatgpt.com/*']);
    expect(manifest.background).toEqual({ type: 'module', scripts: ['background.js'] });
    expect(manifest.browser_specific_settings.gecko).toEqual({
      id: 'chat-lens@chat-lens.dev',
      data_collection_permissions: { required: ['none'] },
    });
  });

  it('passes web-ext lint with no error and no notice', () => {
    expect(lint.errors).toEqual([]);
    expect(lint.notices).toEqual([]);
  });

  it('is warned of only the two innerHTML assignments of React DOM’s dangerouslySetInnerHTML, in each page', () => {
    // React DOM sets a host element's HTML in two places (DOM and custom elements) when a component passes
    // dangerouslySetInnerHTML; no component of Chat Lens does, so the code is never reached (testing "Firefox").
    // Each page is built alone (wxt.config.ts), so each page's script holds React DOM.
    const pageScript = (warning: LintMessage) => /^chunks\/(\w+)-[\w-]+\.js$/.exec(warning.file ?? '')?.[1];
    expect(lint.warnings.map((warning) => `${pageScript(warning)}: ${warning.message}`).sort()).toEqual(
      ['library', 'library', 'popup', 'popup', 'sidepanel', 'sidepanel'].map(
        (page) => `${page}: Unsafe assignment to innerHTML`,
      ),
    );
    for (const warning of lint.warnings) {
      expect(warning.code).toBe('UNSAFE_VAR_ASSIGNMENT');
      expect(codeAround(warning, 0, 16)).toContain('.innerHTML=');
      expect(codeAround(warning, 200, 0)).toContain('dangerouslySetInnerHTML');
      expect(codeAround(warning, 60, 0)).toContain('.__html');
    }
  });

  it('is packed for addons.mozilla.org with its sources, without what the demo and the tests wrote', () => {
    expect(zipEntryNames('firefox')).toEqual(
      expect.arrayContaining(['manifest.json', 'popup.html', 'sidepanel.html', 'background.js']),
    );
    const sources = zipEntryNames('sources');
    expect(sources).toEqual(
      expect.arrayContaining(['package.json', 'wxt.config.ts', 'lens/runtime/relay/relay.ts']),
    );
    expect(sources.filter((name) => /^(demo-output|test-output|\.output|node_modules)\//.test(name))).toEqual(
      [],
    );
  });
});
