import * as v from 'valibot';
import {
  DEFAULT_EXPORT_CHOICES,
  type ExportChoices,
  type ExportOptions,
  exportChoicesOf,
  storedExportChoices,
} from '@/lens/export/export-options';
import { EXTENSION_EXPORT_FORMATS, type ExtensionExportFormat } from '@/lens/export/formats';
import { isRecord } from '@/lib/model/json-read';

/** The formats the one-click export offers (lens/export/formats.ts); the others are `inspect`'s. */
export type DefaultExportFormat = ExtensionExportFormat;
export type ThemeChoice = 'system' | 'light' | 'dark';

const DEFAULT_EXPORT_FORMATS: readonly DefaultExportFormat[] = EXTENSION_EXPORT_FORMATS.map(
  (format) => format.id,
);
const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The library's choices (architecture "The library"): off until the user turns it on. */
export interface LibrarySettings {
  enabled: boolean;
  /** Keep the answers' text too (brand mentions are counted in it). */
  keepAnswerText: boolean;
  /** Delete a conversation this many days after it was last written; null keeps it until deleted. */
  retentionDays: number | null;
}

/**
 * What the user chose in the settings panel; every export, both faces and the library read it. The export
 * choices (citations, hidden messages, images, the transcript's options, the templates) are
 * lens/export/export-options.ts's.
 */
export interface Settings extends ExportChoices {
  defaultFormat: DefaultExportFormat;
  theme: ThemeChoice;
  library: LibrarySettings;
}

export const DEFAULT_LIBRARY_SETTINGS: LibrarySettings = {
  enabled: false,
  keepAnswerText: true,
  retentionDays: null,
};

export const DEFAULT_SETTINGS: Settings = {
  defaultFormat: 'md',
  ...DEFAULT_EXPORT_CHOICES,
  theme: 'system',
  library: DEFAULT_LIBRARY_SETTINGS,
};

/** The longest automatic deletion offered: ten years, past which "keep until deleted" says it better. */
export const MAX_RETENTION_DAYS = 3650;

const librarySettingsSchema = v.object({
  enabled: v.fallback(v.boolean(), DEFAULT_LIBRARY_SETTINGS.enabled),
  keepAnswerText: v.fallback(v.boolean(), DEFAULT_LIBRARY_SETTINGS.keepAnswerText),
  retentionDays: v.fallback(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_RETENTION_DAYS))),
    DEFAULT_LIBRARY_SETTINGS.retentionDays,
  ),
});

/**
 * Each member falls back to its default on its own (a bad theme does not reset the format); unknown
 * members are dropped, so an older or newer version's extra keys never reach the views.
 */
const storedSettingsSchema = v.object({
  defaultFormat: v.fallback(v.picklist(DEFAULT_EXPORT_FORMATS), DEFAULT_SETTINGS.defaultFormat),
  ...storedExportChoices,
  theme: v.fallback(v.picklist(THEME_CHOICES), DEFAULT_SETTINGS.theme),
  library: v.fallback(
    v.pipe(
      v.unknown(),
      v.transform((stored) => v.parse(librarySettingsSchema, isRecord(stored) ? stored : {})),
    ),
    DEFAULT_LIBRARY_SETTINGS,
  ),
});

/**
 * The stored settings, read tolerantly (architecture "Tolerant reader"): a member of the wrong type or an
 * unknown value reads as its default, a stored value that is no object as all the defaults; nothing throws,
 * since every member of the schema has a fallback.
 */
export function readSettings(stored: unknown): Settings {
  // The export choices' schemas are built from their list (lens/export/export-options.ts), so their output
  // types are not inferred member by member; each is its choice's schema with its default as fallback.
  return v.parse(storedSettingsSchema, isRecord(stored) ? stored : {}) as Settings;
}

/** A change of some of the settings; of the library's, only those it names. */
export type SettingsChange = Partial<Omit<Settings, 'library'>> & { library?: Partial<LibrarySettings> };

/** The settings with a change applied, validated as a stored value is read. */
const changedSettings = (settings: Settings, change: SettingsChange): Settings =>
  readSettings({ ...settings, ...change, library: { ...settings.library, ...change.library } });

/**
 * Saves each change on the settings as `read` gives them, once the change before it is saved (`write`). A
 * form shows the stored settings, so a change built on what it shows would undo one made a moment before,
 * still being saved: a choice then a box ticked at once kept only the box. A change whose write fails
 * rejects; the next is saved all the same.
 */
export function settingsChanges(
  read: () => Promise<Settings>,
  write: (settings: Settings) => Promise<void>,
): (change: SettingsChange) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (change) => {
    const saved = last.then(async () => write(changedSettings(await read(), change)));
    last = saved.catch(() => undefined);
    return saved;
  };
}

/** What every export the user starts is told, from their settings: the popup's, the panel's and the shortcut's. */
export const exportOptionsOf: (settings: Settings) => ExportOptions = exportChoicesOf;
