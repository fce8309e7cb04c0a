import { describe, expect, it } from 'vitest';
import { brandsFileText, readBrandsFile } from '@/lens/library/brands-file';
import { libraryFileText } from '@/lens/library/library-file';
import type { BrandSettings } from '@/lib/library/brand-settings';

const BRANDS: BrandSettings = {
  own: { name: 'Acme', domains: ['acme.com'], mentions: ['Acme'] },
  competitors: [{ name: 'Globex', domains: ['globex.com'], mentions: [] }],
};

describe('the brands file', () => {
  it('reads back the brands it was written with, and those of a library file', () => {
    expect(readBrandsFile(brandsFileText(BRANDS, new Date(0)))).toMatchObject({ ok: true, value: BRANDS });
    expect(readBrandsFile(libraryFileText([], new Date(0), BRANDS))).toMatchObject({
      ok: true,
      value: BRANDS,
    });
  });

  it('refuses what is not JSON, another schema, or brands that name none, as typed errors', () => {
    expect(readBrandsFile('{not json')).toMatchObject({ ok: false, error: { code: 'malformed-json' } });
    expect(readBrandsFile('{"schema":"chat-lens/export@1"}')).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape', message: expect.stringMatching(/^Not a Chat Lens brands file/) },
    });
    expect(readBrandsFile(libraryFileText([], new Date(0)))).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape', message: expect.stringMatching(/names no brand/) },
    });
  });
});
