import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The byte budgets, measured on a production build folder (.output/chrome-mv3). The
 * content scripts run on every chatgpt.com page load, so their minified size counts as shipped; the pages
 * count what their first load fetches, gzip -9, as a store download and the disk cache would hold it.
 */
export interface BundleSizes {
  /** The MAIN-world content script (entrypoints/page-hook.content.ts), bytes. */
  page_hook_bytes: number;
  /** The isolated-world content script (entrypoints/relay.ts), bytes. */
  relay_bytes: number;
  /** Every script the popup page loads (its script tag, modulepreloads, their static imports), gzip -9. */
  popup_js_gzip_bytes: number;
  sidepanel_js_gzip_bytes: number;
}

interface ContentScript {
  js?: string[];
  world?: string;
}

interface BuiltManifest {
  content_scripts?: ContentScript[];
  action?: { default_popup?: string };
  side_panel?: { default_path?: string };
  sidebar_action?: { default_panel?: string };
}

const sizeOf = (buildDir: string, file: string): number => readFileSync(join(buildDir, file)).length;

/** The manifest names the content scripts: the one in the MAIN world is the page hook. */
function contentScriptBytes(buildDir: string, manifest: BuiltManifest, inMainWorld: boolean): number {
  const files = (manifest.content_scripts ?? [])
    .filter((script) => (script.world === 'MAIN') === inMainWorld)
    .flatMap((script) => script.js ?? []);
  if (files.length === 0)
    throw new Error(`The manifest declares no ${inMainWorld ? 'MAIN' : 'isolated'}-world script.`);
  return files.reduce((sum, file) => sum + sizeOf(buildDir, file), 0);
}

/** Root-relative paths of the scripts an HTML page's tags load at once (script src, modulepreload). */
function scriptsOfPage(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel=["']?modulepreload\b/.test(tag)) return [];
    const source = /\b(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    return source === undefined ? [] : [source.replace(/^\//, '')];
  });
}

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`); dynamic ones load later. */
function staticImportsOf(code: string, file: string): string[] {
  const found = code.matchAll(/\b(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g);
  return [...found].map((match) => posix.join(posix.dirname(file), match[1] ?? ''));
}

/** gzip -9 bytes of every script the page loads at once, each file counted once. */
function pageScriptsGzipBytes(buildDir: string, page: string): number {
  const pending = scriptsOfPage(readFileSync(join(buildDir, page), 'utf8'));
  const counted = new Set<string>();
  let bytes = 0;
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (counted.has(file)) continue;
    counted.add(file);
    const code = readFileSync(join(buildDir, file));
    bytes += gzipSync(code, { level: 9 }).length;
    pending.push(...staticImportsOf(code.toString('utf8'), file));
  }
  if (counted.size === 0) throw new Error(`${page} loads no script.`);
  return bytes;
}

export function measureBundleSizes(buildDir: string): BundleSizes {
  const manifest = JSON.parse(readFileSync(join(buildDir, 'manifest.json'), 'utf8')) as BuiltManifest;
  const popup = manifest.action?.default_popup;
  const sidePanel = manifest.side_panel?.default_path ?? manifest.sidebar_action?.default_panel;
  if (popup === undefined || sidePanel === undefined)
    throw new Error(`The manifest in ${buildDir} declares no popup or side panel page.`);
  return {
    page_hook_bytes: contentScriptBytes(buildDir, manifest, true),
    relay_bytes: contentScriptBytes(buildDir, manifest, false),
    popup_js_gzip_bytes: pageScriptsGzipBytes(buildDir, popup),
    sidepanel_js_gzip_bytes: pageScriptsGzipBytes(buildDir, sidePanel),
  };
}
