import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every reference in the project resolves inside it (docs/contributing.md "Comments"): a comment cites a
 * section of the project's own docs, by number in site-interface.md and by name elsewhere, and names
 * files that exist. Documents outside the repository, and issue numbers, resolve nowhere for a reader of
 * the code, so none is cited.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(folder: string, pattern: RegExp): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const sources = [
  ...['lib', 'features', 'components', 'entrypoints', 'scripts', 'modules', 'tests', 'bin'].flatMap(
    (folder) => filesUnder(folder, /\.(tsx?|mjs|js|css|html)$/),
  ),
  ...readdirSync(root).filter((name) => /\.(ts|json)$/.test(name) && name !== 'package-lock.json'),
].filter((file) => !file.includes('/golden/') && !file.endsWith('.json'));
const documents = ['README.md', ...filesUnder('docs', /\.md$/)];

const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/** The headings of a document, without their #s. */
const headingsOf = (file: string): string[] =>
  [...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => (match[1] ?? '').trim());

const DOCS: Record<string, string> = {
  architecture: 'docs/architecture.md',
  contributing: 'docs/contributing.md',
  'export-format': 'docs/export-format.md',
  testing: 'docs/testing.md',
  privacy: 'docs/privacy.md',
  benchmarks: 'docs/benchmarks.md',
  analysis: 'docs/analysis.md',
  cli: 'docs/cli.md',
};

interface Reference {
  file: string;
  text: string;
}

function referencesIn(files: readonly string[], pattern: RegExp): Reference[] {
  return files.flatMap((file) =>
    [...read(file).matchAll(pattern)].map((match) => ({ file, text: match[1] ?? match[0] })),
  );
}

describe('references resolve', () => {
  it('finds the documents it checks against', () => {
    for (const file of ['docs/site-interface.md', ...Object.values(DOCS)])
      expect(existsSync(join(root, file)), file).toBe(true);
    expect(sources.length).toBeGreaterThan(300);
  });

  it('cites site-interface sections that exist, by their number', () => {
    const numbers = new Set(headingsOf('docs/site-interface.md').map((heading) => heading.split(' ')[0]));
    const cited = referencesIn([...sources, ...documents], /site-interface (\d+(?:\.\d+)?)\b/g);
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((reference) => !numbers.has(reference.text))).toEqual([]);
  });

  it.each(Object.entries(DOCS))('cites %s sections that exist, by their name', (name, document) => {
    const headings = new Set(headingsOf(document));
    const cited = referencesIn([...sources, ...documents], new RegExp(`\\b${name} "([^"]+)"`, 'g'));
    expect(cited.filter((reference) => !headings.has(reference.text))).toEqual([]);
  });

  it('names only files that exist', () => {
    const paths = referencesIn(
      [...sources, ...documents],
      /(?<![\w@/.-])((?:lib|features|components|entrypoints|tests|scripts|docs|modules|bin)\/[\w./-]*\w\.(?:tsx?|md|mjs|css|json|html))\b/g,
    );
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((reference) => !existsSync(join(root, reference.text)))).toEqual([]);
  });

  it('cites no document outside the repository and no issue number', () => {
    // This file names the forbidden forms to find them.
    const unresolvable = referencesIn(
      sources.filter((file) => file !== 'tests/unit/doc-references.test.ts'),
      /(\b[Ii]ssue \d+|\bDESIGN\b|(?<!site-)\b[Ii]nterface \d|shared\/(?:DESIGN|interface)\.md)/g,
    );
    expect(unresolvable).toEqual([]);
  });
});

/**
 * The folders docs/contributing.md's "The folders" names at the start of a line; one indented by two spaces is under the
 * one above (lib/'s layers), a line indented further goes on with the one above.
 */
function layoutFolders(): Set<string> {
  const block = /^## The folders\n\n```\n([\s\S]*?)```/m.exec(read('docs/contributing.md'))?.[1] ?? '';
  const listed = new Set<string>();
  let parent = '';
  for (const line of block.split('\n')) {
    const match = /^((?: {2})?)([\w.-]+(?:\/[\w.-]+)*)\/\s/.exec(line);
    if (match === null) continue;
    const [, indent, path = ''] = match;
    if (indent === '') parent = path;
    listed.add(indent === '' ? path : `${parent}/${path}`);
  }
  return listed;
}

const foldersIn = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => (folder === '.' ? entry.name : `${folder}/${entry.name}`));

describe('the folders docs/contributing.md lists', () => {
  const listed = layoutFolders();
  const ignored = new Set(['node_modules', 'demo-output', 'test-output', 'coverage']);

  it('names only folders that exist', () => {
    expect(listed.size).toBeGreaterThan(15);
    expect([...listed].filter((folder) => !existsSync(join(root, folder)))).toEqual([]);
  });

  it('names every folder of the root, of lib/, of lens/ and of tests/', () => {
    const covered = (folder: string) =>
      [...listed].some((each) => each === folder || each.startsWith(`${folder}/`));
    const folders = [
      ...foldersIn('.').filter((folder) => !ignored.has(folder)),
      ...foldersIn('lib'),
      ...foldersIn('lens'),
      ...foldersIn('tests'),
    ];
    expect(folders.filter((folder) => !covered(folder))).toEqual([]);
  });
});
