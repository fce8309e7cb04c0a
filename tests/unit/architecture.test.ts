import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** DESIGN.md "Layout": the layer rules inside lib/, read from the source itself. */
const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g;

/** Project files a file imports, as paths relative to the root (packages are left out). */
function projectImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('@/')) found.push(normalize(specifier.slice(2)));
    else if (specifier.startsWith('.')) found.push(normalize(join(dirname(file), specifier)));
  }
  return found;
}

const layerOf = (path: string): string | null => /^lib\/([^/]+)/.exec(path)?.[1] ?? null;

const allowed: Record<string, string[]> = {
  model: [],
  capture: [],
  api: ['model'],
  insights: ['model'],
  export: ['model', 'insights'],
  runtime: ['model', 'api', 'insights', 'export', 'capture'],
  cli: ['model', 'api', 'insights', 'export', 'capture'],
};

const libFiles = sourceFiles('lib');

describe('lib/ layers', () => {
  it.each(libFiles)('%s imports only the layers it may', (file) => {
    const own = layerOf(file) ?? '';
    const reached = projectImports(file).map((target) => layerOf(target) ?? target);
    const foreign = reached.filter((layer) => layer !== own && !(allowed[own] ?? []).includes(layer));
    expect(foreign).toEqual([]);
  });

  it('capture never touches extension APIs, because the MAIN-world hook bundles it', () => {
    for (const file of libFiles.filter((path) => layerOf(path) === 'capture')) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/#imports|webextension|wxt|\bbrowser\.|\bchrome\./);
    }
  });

  it('has no import cycles', () => {
    const resolve = (target: string): string | undefined =>
      [target, `${target}.ts`, `${target}.tsx`].find((candidate) => libFiles.includes(candidate));
    const graph = new Map(
      libFiles.map((file) => [file, projectImports(file).flatMap((target) => resolve(target) ?? [])]),
    );
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of libFiles) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

describe('entrypoints only wire', () => {
  it('the MAIN-world hook imports nothing but lib/capture', () => {
    const imports = projectImports('entrypoints/page-hook.content.ts');
    expect(imports.every((target) => target.startsWith('lib/capture/'))).toBe(true);
  });
});
