import { type BrandSettings, namesAnyBrand, readBrandSettings } from '@/lib/library/brand-settings';
import { isRecord, ownMember } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { fail, ok, type Result } from '@/lib/model/result';
import { LIBRARY_FILE_SCHEMA } from './library-file';

/** The brands alone as one file: the Brands tab's "Export brands", read back by `inspect --brands`. */
export const BRANDS_FILE_SCHEMA = 'chat-lens/brands@1';

/** The user's brands as one JSON document, indented as the library file is. */
export const brandsFileText = (brands: BrandSettings, exportedAt: Date): string =>
  `${JSON.stringify({ schema: BRANDS_FILE_SCHEMA, exportedAt: exportedAt.toISOString(), brands }, null, 2)}\n`;

const NOT_BRANDS = `Not a Chat Lens brands file: expected a JSON object of schema ${BRANDS_FILE_SCHEMA} (the Brands tab's "Export brands") or ${LIBRARY_FILE_SCHEMA} (a library file).`;

/**
 * The brands of a brands file, or of a library file, which holds them too (library-file.ts). Never throws:
 * a file that is not JSON, of another schema, or that names no brand is a typed error, so `inspect` stops
 * before writing anything. The brands themselves are read tolerantly, as the library reads its own.
 */
export function readBrandsFile(text: string): Result<BrandSettings> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const document = json.value;
  if (!isRecord(document)) return fail('unexpected-shape', NOT_BRANDS);
  const schema = ownMember(document, 'schema');
  if (schema !== BRANDS_FILE_SCHEMA && schema !== LIBRARY_FILE_SCHEMA)
    return fail('unexpected-shape', NOT_BRANDS);
  const stored = ownMember(document, 'brands');
  const brands = readBrandSettings(stored);
  if (!isRecord(stored) || !namesAnyBrand(brands))
    return fail('unexpected-shape', 'The file names no brand: set your brand or a competitor first.');
  return ok(brands);
}
