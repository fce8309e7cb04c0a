import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** architecture "Layers" and "Contexts": the rules, read from the source itself. */
const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g;

/** The specifiers a file imports from, as written. */
function specifiers(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(importPattern)].map((match) => match[1] ?? '');
}

/** Project files a file imports, as paths relative to the root (packages are left out). */
function projectImports(file: string): string[] {
  return specifiers(file).flatMap((specifier) => {
    if (specifier.startsWith('@/')) return [normalize(specifier.slice(2))];
    if (specifier.startsWith('.')) return [normalize(join(dirname(file), specifier))];
    return [];
  });
}

const projectFiles = [
  'lib',
  'features',
  'lens',
  'components',
  'entrypoints',
  'scripts',
  'modules',
  'tests',
].flatMap(sourceFiles);
const coreFiles = projectFiles.filter((file) => /^(lib|lens)\//.test(file));

/**
 * A path's layer: lib/'s and lens/'s folders (lens/ ones named with it), runtime/<context> inside
 * lens/runtime; every feature is one layer.
 */
const layerOf = (path: string): string | null => {
  if (path.startsWith('features/')) return 'features';
  const match = /^(lib|lens)\/([^/]+)(?:\/([^/]+)\/)?/.exec(path);
  if (match === null) return null;
  const folder = match[2] === 'runtime' ? `runtime/${match[3] ?? ''}` : (match[2] ?? '');
  return match[1] === 'lens' ? `lens/${folder}` : folder;
};

/** lib/'s layers: what the features are made of, which knows no feature (architecture "Layers"). */
const LIB_LAYERS = ['model', 'capture', 'api', 'insights', 'export', 'library', 'snapshot'];

const allowed: Record<string, string[]> = {
  model: [],
  capture: [],
  api: ['model', 'capture'],
  insights: ['model'],
  export: ['model', 'insights', 'capture'],
  // The library's pieces: the members every record holds, the tables' and grids' types, the figures' maths.
  library: ['model', 'insights', 'export', 'capture'],
  // The snapshot's own members, which every feature's view reads beside its own.
  snapshot: ['model', 'api'],
  features: LIB_LAYERS,
  // The inspection runs every feature's reader (features/index.ts).
  'lens/insights': [...LIB_LAYERS, 'features'],
  'lens/export': [...LIB_LAYERS, 'features', 'lens/insights'],
  // What the library keeps across conversations, and what is read out of it.
  'lens/library': [...LIB_LAYERS, 'features', 'lens/insights', 'lens/export'],
  // What more than one context uses: the channels, the stored items and their types.
  'lens/runtime/contract': [...LIB_LAYERS, 'features', 'lens/insights', 'lens/export', 'lens/library'],
  // The isolated-world relay: a byte budget, and no part of the worker.
  'lens/runtime/relay': ['lens/runtime/contract', 'capture'],
  // What a captured response becomes: routed, held, assembled, inspected; the worker and `inspect` drive it.
  'lens/holding': [...LIB_LAYERS, 'features', 'lens/insights', 'lens/runtime/contract'],
  'lens/runtime/worker': [
    ...LIB_LAYERS,
    'features',
    'lens/insights',
    'lens/export',
    'lens/library',
    'lens/runtime/contract',
    'lens/holding',
  ],
  'lens/cli': [...LIB_LAYERS, 'features', 'lens/insights', 'lens/export', 'lens/library', 'lens/holding'],
};

describe('one way: lib/, then features/, then lens/ (architecture "Layers")', () => {
  it.each(projectFiles.filter((file) => file.startsWith('lib/')))(
    '%s imports no feature and nothing of lens/',
    (file) => {
      expect(projectImports(file).filter((target) => /^(features|lens)\//.test(target))).toEqual([]);
    },
  );

  it.each(projectFiles.filter((file) => file.startsWith('features/')))(
    '%s imports nothing of lens/',
    (file) => {
      expect(projectImports(file).filter((target) => target.startsWith('lens/'))).toEqual([]);
    },
  );
});

describe('the layers of lib/ and lens/', () => {
  it.each(coreFiles)('%s imports only the layers it may', (file) => {
    const own = layerOf(file) ?? '';
    const reached = projectImports(file).map((target) => layerOf(target) ?? target);
    const foreign = reached.filter((layer) => layer !== own && !(allowed[own] ?? []).includes(layer));
    expect(foreign).toEqual([]);
  });

  it('knows every layer folder', () => {
    for (const file of coreFiles) expect(Object.keys(allowed), file).toContain(layerOf(file));
  });

  it('capture and the relay never touch the extension API library, because content scripts bundle them', () => {
    for (const file of coreFiles.filter((path) =>
      ['capture', 'lens/runtime/relay'].includes(layerOf(path) ?? ''),
    )) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/#imports|webextension|from 'wxt/);
    }
    for (const file of coreFiles.filter((path) => layerOf(path) === 'capture')) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/\bbrowser\.|\bchrome\./);
    }
  });
});

/** A view file: what the popup, the side panel and the library page render (React). */
const isViewFile = (file: string): boolean => file.startsWith('components/') || file.endsWith('.tsx');

describe('the views', () => {
  const viewFiles = projectFiles.filter((file) => /^(components|features)\//.test(file) && isViewFile(file));
  const viewLayers = [
    ...LIB_LAYERS,
    'lens/insights',
    'lens/export',
    'lens/library',
    'lens/runtime/contract',
    'features',
  ];

  it.each(viewFiles)('%s reaches the runtime only through its contract', (file) => {
    const reached = projectImports(file).filter((target) => /^(lib|lens|features)\//.test(target));
    expect(reached.filter((target) => !viewLayers.includes(layerOf(target) ?? ''))).toEqual([]);
    expect(projectImports(file).filter((target) => /^(tests|scripts|entrypoints)\//.test(target))).toEqual(
      [],
    );
  });
});

describe('the features', () => {
  /** architecture "Features": a feature's reader, sections, members and tables are pure, beside its views. */
  const pureLayers = [...LIB_LAYERS, 'features'];
  const pureFiles = projectFiles.filter((file) => file.startsWith('features/') && !isViewFile(file));

  it.each(pureFiles)('%s is pure: no view, no React, nothing of the browser', (file) => {
    expect(projectImports(file).filter((target) => !pureLayers.includes(layerOf(target) ?? ''))).toEqual([]);
    expect(
      specifiers(file).filter((specifier) => /^(react|wxt|#imports|webextension)/.test(specifier)),
    ).toEqual([]);
    expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/\bbrowser\.|\bchrome\./);
  });

  it('only view files import React', () => {
    const pure = projectFiles.filter((file) => /^(lib|lens|features)\//.test(file) && !isViewFile(file));
    expect(
      pure.filter((file) => specifiers(file).some((specifier) => /^react(-dom)?(\/|$)/.test(specifier))),
    ).toEqual([]);
  });
});

describe('entrypoints only wire', () => {
  const reaches = (entry: string): string[] =>
    projectImports(entry).map((target) => layerOf(target) ?? target.split('/')[0] ?? target);

  it('the MAIN-world hook imports nothing but lib/capture', () => {
    expect(new Set(reaches('entrypoints/page-hook.content.ts'))).toEqual(new Set(['capture']));
  });

  it('the relay imports the relay context alone', () => {
    expect(new Set(reaches('entrypoints/relay.ts'))).toEqual(new Set(['lens/runtime/relay']));
  });

  it('the background imports the worker alone', () => {
    expect(new Set(reaches('entrypoints/background.ts'))).toEqual(new Set(['lens/runtime/worker']));
  });

  it.each(['popup', 'sidepanel', 'library'])('the %s page mounts the views', (page) => {
    expect(new Set(reaches(`entrypoints/${page}/main.tsx`))).toEqual(new Set(['components']));
  });
});

describe('tests and tooling', () => {
  const area = (path: string): string => /^tests\/([^/]+)/.exec(path)?.[1] ?? path.split('/')[0] ?? path;
  /** Each suite stands alone: what two of them share lives in tests/support or tests/replica. */
  const suites = ['unit', 'e2e', 'bench'];

  it.each(projectFiles.filter((file) => suites.includes(area(file))))('%s imports no other suite', (file) => {
    const own = area(file);
    const others = projectImports(file).filter(
      (target) => suites.includes(area(target)) && area(target) !== own,
    );
    expect(others).toEqual([]);
  });

  it.each(projectFiles.filter((file) => ['support', 'replica'].includes(area(file))))(
    '%s, shared by the suites, imports none of them',
    (file) => {
      expect(projectImports(file).filter((target) => suites.includes(area(target)))).toEqual([]);
    },
  );

  it.each(projectFiles.filter((file) => /^(lib|lens|features|components)\//.test(file)))(
    '%s imports no test and no script',
    (file) => {
      expect(projectImports(file).filter((target) => /^(tests|scripts)\//.test(target))).toEqual([]);
    },
  );
});

describe('one import style', () => {
  it.each(projectFiles)('%s: ./ within its folder, @/ from anywhere else', (file) => {
    const wrong = specifiers(file).filter((specifier) => {
      if (specifier.startsWith('../')) return true;
      if (specifier.startsWith('@/')) return dirname(specifier.slice(2)) === dirname(file);
      if (specifier.startsWith('./')) return specifier.slice(2).includes('/');
      return false;
    });
    expect(wrong).toEqual([]);
  });
});

describe('the library page', () => {
  /** contributing "The folders": the page's entry and shell at the top, one folder per area, and shared/. */
  const LIBRARY = 'components/library/';
  const AREAS = [
    'overview',
    'tables',
    'brands',
    'variance',
    'fanout',
    'trends',
    'account-run',
    'import',
    'manage',
  ];
  const pageFiles = projectFiles.filter((file) => file.startsWith(LIBRARY));
  /** A page file's folder under components/library: an area, 'shared', or '' for the entry and shell. */
  const folderOf = (file: string): string => {
    const rest = file.slice(LIBRARY.length);
    return rest.includes('/') ? (rest.split('/')[0] ?? '') : '';
  };
  const reachedFolders = (file: string): string[] =>
    projectImports(file)
      .filter((target) => target.startsWith(LIBRARY))
      .map(folderOf)
      .filter((folder) => folder !== folderOf(file));

  it('has only the areas, shared/ and the shell, each folder one level deep', () => {
    expect(pageFiles.length).toBeGreaterThan(70);
    expect(pageFiles.filter((file) => ![...AREAS, 'shared', ''].includes(folderOf(file)))).toEqual([]);
    expect(pageFiles.filter((file) => file.slice(LIBRARY.length).split('/').length > 2)).toEqual([]);
  });

  it.each(pageFiles.filter((file) => folderOf(file) !== ''))(
    '%s never reaches back into the shell, which puts the areas together',
    (file) => {
      expect(reachedFolders(file)).not.toContain('');
    },
  );

  it.each(pageFiles.filter((file) => folderOf(file) === 'shared'))('%s uses no area', (file) => {
    expect(reachedFolders(file)).toEqual([]);
  });
});

/** Each project file's imports of project files, resolved to their paths. */
const resolve = (target: string): string | undefined =>
  [target, `${target}.ts`, `${target}.tsx`].find((candidate) => projectFiles.includes(candidate));
const graph = new Map(
  projectFiles.map((file) => [file, projectImports(file).flatMap((target) => resolve(target) ?? [])]),
);

/** The project files a file reaches through its imports, itself included. */
function reachedFrom(entry: string): Set<string> {
  const reached = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    pending.push(...(graph.get(file) ?? []));
  }
  return reached;
}

describe('the chart library', () => {
  const PLOT = 'components/library/trends/TrendPlot.tsx';

  it('is drawn by the trend plot alone, which the library page reaches and the popup and side panel do not', () => {
    const importers = projectFiles.filter((file) =>
      specifiers(file).some((specifier) => /^uplot(\/|$)/.test(specifier)),
    );
    expect(importers).toEqual([PLOT]);
    expect(reachedFrom('entrypoints/library/main.tsx')).toContain(PLOT);
    for (const page of ['popup', 'sidepanel'])
      expect(reachedFrom(`entrypoints/${page}/main.tsx`)).not.toContain(PLOT);
  });
});

describe('no import circles', () => {
  it('has none anywhere in the project', () => {
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
    for (const file of projectFiles) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
