import * as v from 'valibot';
import { CITATION_STYLES, EXTENSION_EXPORT_FORMATS, type ExtensionExportFormat } from '@/lib/export/formats';
import type { CitationStyle } from '@/lib/export/markdown-citations';
import { isRecord } from '@/lib/model/json-read';

/** The formats the one-click export offers (lib/export/formats.ts); the others are `inspect`'s. */
export type DefaultExportFormat = ExtensionExportFormat;
export type ThemeChoice = 'system' | 'light' | 'dark';

const DEFAULT_EXPORT_FORMATS: readonly DefaultExportFormat[] = EXTENSION_EXPORT_FORMATS.map(
  (format) => format.id,
);
const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** What the user chose in the settings panel; every export and both faces read it. */
export interface Settings {
  defaultFormat: DefaultExportFormat;
  /** Write hidden messages (system prompt, custom instructions) and tools' full output too. */
  includeHiddenAndTools: boolean;
  citations: CitationStyle;
  theme: ThemeChoice;
}

export const DEFAULT_SETTINGS: Settings = {
  defaultFormat: 'md',
  includeHiddenAndTools: false,
  citations: 'inline',
  theme: 'system',
};

/**
 * Each member falls back to its default on its own (a bad theme does not reset the format); unknown
 * members are dropped, so an older or newer version's extra keys never reach the views.
 */
const storedSettingsSchema = v.object({
  defaultFormat: v.fallback(v.picklist(DEFAULT_EXPORT_FORMATS), DEFAULT_SETTINGS.defaultFormat),
  includeHiddenAndTools: v.fallback(v.boolean(), DEFAULT_SETTINGS.includeHiddenAndTools),
  citations: v.fallback(v.picklist(CITATION_STYLES), DEFAULT_SETTINGS.citations),
  theme: v.fallback(v.picklist(THEME_CHOICES), DEFAULT_SETTINGS.theme),
});

/**
 * The stored settings, read tolerantly (architecture "Tolerant reader"): a member of the wrong type or an
 * unknown value reads as its default, a stored value that is no object as all the defaults; nothing throws,
 * since every member of the schema has a fallback.
 */
export function readSettings(stored: unknown): Settings {
  return v.parse(storedSettingsSchema, isRecord(stored) ? stored : {});
}
