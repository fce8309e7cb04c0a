import { describe, expect, it } from 'vitest';
import { type ExportPiece, exportFileNameOf, FORMAT_WRITERS } from '@/lens/export/format-writers';
import {
  EXPORT_FORMAT_IDS,
  EXPORT_FORMATS,
  EXTENSION_EXPORT_FORMATS,
  formatInfo,
} from '@/lens/export/formats';
import { bytesOf, exportText, zipEntries } from './export-text';
import { EXPORTED_AT, richInspection } from './rich-inspection';

const withoutTitle = (page: string): string => page.replace(/<title>[^<]*<\/title>/, '');

/** The format registry (architecture "Registries"): each format is one row, and every row is wired. */
describe('the export formats', () => {
  const inspection = richInspection();
  const options = { exportedAt: EXPORTED_AT };

  it.each(EXPORT_FORMAT_IDS)('%s has a writer, a file name with its extension and a MIME type', (format) => {
    const info = formatInfo(format);
    expect(info.id).toBe(format);
    expect(exportText(inspection, format, options).length).toBeGreaterThan(100);
    expect(exportFileNameOf(inspection, format, EXPORTED_AT)).toMatch(new RegExp(`\\.${info.extension}$`));
    expect(info.mimeType).toMatch(
      format === 'zip' ? /^application\/zip$/ : /^[a-z]+\/[a-z-]+;charset=utf-8$/,
    );
  });

  it.each(EXPORT_FORMAT_IDS)(
    '%s: several conversations one at a time hold each conversation as written whole',
    (format) => {
      const written = (count: number): string => {
        const file = FORMAT_WRITERS[format].many();
        const pieces: ExportPiece[] = [...file.opening()];
        for (let index = 0; index < count; index += 1) pieces.push(...file.conversation(inspection, options));
        pieces.push(...file.closing());
        return pieces.every((piece) => typeof piece === 'string')
          ? pieces.join('')
          : [...zipEntries(bytesOf(pieces)).keys()].join('\n');
      };
      const [one, two] = [written(1), written(2)];
      const whole = exportText(inspection, format, options);
      expect(two.length).toBeGreaterThan(one.length);
      if (format === 'json') expect(JSON.parse(one)).toEqual([JSON.parse(whole)]);
      // A page of several conversations cannot take the title of one.
      else if (format === 'html') expect(withoutTitle(one)).toBe(withoutTitle(whole));
      // An archive of several conversations holds each one's files, the second's names made unique.
      else if (format === 'zip') {
        expect(one).toBe(
          whole
            .split('\n')
            .filter((line) => /\.md$/.test(line))
            .join('\n'),
        );
        expect(two.split('\n')).toEqual([one, one.replace(/\.md$/, ' (2).md')]);
      } else expect(one).toBe(whole);
    },
  );

  it('gives every format its own file name, the two CSVs of one conversation included', () => {
    const names = EXPORT_FORMAT_IDS.map((format) => exportFileNameOf(inspection, format, EXPORTED_AT));
    expect(new Set(names).size).toBe(names.length);
  });

  it('offers the extension a subset, and every format is named once', () => {
    expect(EXTENSION_EXPORT_FORMATS.map((format) => format.id)).toEqual(['md', 'json', 'csv', 'html', 'zip']);
    expect(new Set(EXPORT_FORMATS.map((format) => format.id)).size).toBe(EXPORT_FORMATS.length);
    expect(new Set(EXPORT_FORMATS.map((format) => format.label)).size).toBe(EXPORT_FORMATS.length);
  });
});
