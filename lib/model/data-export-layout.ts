import { fail, ok, type Result } from './result';

/**
 * Where a data export's conversations lie among its files (site-interface 10.8): `conversations.json`, or
 * in newer exports its parts `conversations-000.json`, `conversations-001.json`, …, at the top of the ZIP
 * archive or folder, or inside one folder at its top (export-format "Reading the data export").
 */
export interface DataExportLayout {
  /** The folder the conversations lie in, `''` or ending with `/`: the images and attachments lie there. */
  folder: string;
  /** The conversations files, full names, in order: one file, or the parts by their number. */
  parts: string[];
  /** Every other file of that folder, by its name within it (`file-abc-photo.png`). */
  files: string[];
}

const WHOLE = 'conversations.json';
const PART = /^conversations-(\d+)\.json$/;

export const NOT_A_DATA_EXPORT =
  'Not a ChatGPT data export: it holds no conversations.json (nor conversations-000.json, …) at its top or in a folder there.';

function layoutIn(folder: string, names: readonly string[]): DataExportLayout | null {
  const inFolder = names.flatMap((name) => {
    if (!name.startsWith(folder)) return [];
    const own = name.slice(folder.length);
    return own === '' || own.includes('/') ? [] : [own];
  });
  const numbered = inFolder.flatMap((name) => {
    const match = PART.exec(name);
    return match === null ? [] : [{ name, number: Number(match[1]) }];
  });
  const parts = inFolder.includes(WHOLE)
    ? [WHOLE]
    : numbered.sort((a, b) => a.number - b.number).map((part) => part.name);
  if (parts.length === 0) return null;
  return {
    folder,
    parts: parts.map((name) => `${folder}${name}`),
    files: inFolder.filter((name) => !parts.includes(name)),
  };
}

/** The folders at the top of a listing of full names (`export/conversations.json` → `export/`). */
const topFolders = (names: readonly string[]): string[] => [
  ...new Set(names.flatMap((name) => (name.includes('/') ? [`${name.slice(0, name.indexOf('/'))}/`] : []))),
];

/**
 * The layout of a data export from the full names of its files (`/` between folders); a listing that holds
 * no conversations file is a typed error. The top wins over a folder; of several folders, the first that
 * holds one, in name order.
 */
export function findDataExportLayout(names: readonly string[]): Result<DataExportLayout> {
  for (const folder of ['', ...topFolders(names).sort()]) {
    const layout = layoutIn(folder, names);
    if (layout !== null) return ok(layout);
  }
  return fail('unexpected-shape', NOT_A_DATA_EXPORT);
}
