import { describe, expect, it } from 'vitest';
import { exportFileNameOf, FORMAT_WRITERS, writeExport } from '@/lib/export/format-writers';
import {
  EXPORT_FORMAT_IDS,
  EXPORT_FORMATS,
  EXTENSION_EXPORT_FORMATS,
  formatInfo,
} from '@/lib/export/formats';
import { EXPORTED_AT, richInspection } from './rich-inspection';

const withoutTitle = (page: string): string => page.replace(/<title>[^<]*<\/title>/, '');

/** The format registry (architecture "Registries"): each format is one row, and every row is wired. */
describe('the export formats', () => {
  const inspection = richInspection();
  const options = { exportedAt: EXPORTED_AT };

  it.each(EXPORT_FORMAT_IDS)('%s has a writer, a file name with its extension and a MIME type', (format) => {
    const info = formatInfo(format);
    expect(info.id).toBe(format);
    expect(writeExport(inspection, format, options).length).toBeGreaterThan(100);
    expect(exportFileNameOf(inspection, format, EXPORTED_AT)).toMatch(new RegExp(`\\.${info.extension}$`));
    expect(info.mimeType).toMatch(/^[a-z]+\/[a-z-]+;charset=utf-8$/);
  });

  it.each(EXPORT_FORMAT_IDS)(
    '%s: several conversations one at a time hold each conversation as written whole',
    (format) => {
      const writer = FORMAT_WRITERS[format];
      const one = writer.opening + writer.conversation(inspection, 0, options) + writer.closing(1);
      const two =
        writer.opening +
        writer.conversation(inspection, 0, options) +
        writer.conversation(inspection, 1, options) +
        writer.closing(2);
      expect(two.length).toBeGreaterThan(one.length);
      if (format === 'json')
        expect(JSON.parse(one)).toEqual([JSON.parse(writeExport(inspection, format, options))]);
      // A page of several conversations cannot take the title of one.
      else if (format === 'html')
        expect(withoutTitle(one)).toBe(withoutTitle(writeExport(inspection, format, options)));
      else expect(one).toBe(writeExport(inspection, format, options));
    },
  );

  it('gives every format its own file name, the two CSVs of one conversation included', () => {
    const names = EXPORT_FORMAT_IDS.map((format) => exportFileNameOf(inspection, format, EXPORTED_AT));
    expect(new Set(names).size).toBe(names.length);
  });

  it('offers the extension a subset, and every format is named once', () => {
    expect(EXTENSION_EXPORT_FORMATS.map((format) => format.id)).toEqual(['md', 'json', 'csv', 'html']);
    expect(new Set(EXPORT_FORMATS.map((format) => format.id)).size).toBe(EXPORT_FORMATS.length);
    expect(new Set(EXPORT_FORMATS.map((format) => format.label)).size).toBe(EXPORT_FORMATS.length);
  });
});
