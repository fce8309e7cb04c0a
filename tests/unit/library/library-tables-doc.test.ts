import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';

const document = readFileSync(
  fileURLToPath(new URL('../../../docs/export-format.md', import.meta.url)),
  'utf8',
);

/** The text of a `###` section of export-format "Library tables", up to the next heading. */
function section(heading: string): string {
  const library = document.slice(document.indexOf('\n## Library tables\n'));
  const start = library.indexOf(`\n### ${heading}\n`);
  if (start < 0) return '';
  const rest = library.slice(start + heading.length + 6);
  return rest.slice(0, rest.search(/\n#{2,3} /));
}

describe('export-format "Library tables"', () => {
  it.each(LIBRARY_TABLES)(
    'documents every column of the $name table with its type, and no other',
    (table) => {
      const text = section(`The ${table.name} table`);
      const documented = [...text.matchAll(/^\| `([a-z_]+)` +\| ([a-z]+) +\|/gm)].map((match) => [
        match[1],
        match[2],
      ]);
      expect(documented).toEqual(table.columns.map((column) => [column.name, column.type]));
    },
  );
});
