import * as v from 'valibot';
import { templateProblem } from '@/lib/export/export-fields';
import { DEFAULT_FILE_NAME_TEMPLATE } from '@/lib/export/file-name';
import { CITATION_STYLES, EXTENSION_EXPORT_FORMATS, type ExtensionExportFormat } from '@/lib/export/formats';
import type { CitationStyle } from '@/lib/export/markdown-citations';
import {
  BRANCH_DETAILS,
  DEFAULT_TRANSCRIPT_OPTIONS,
  REASONING_DETAILS,
  TIMESTAMP_DETAILS,
  TOOL_CALL_DETAILS,
  type TranscriptOptions,
} from '@/lib/export/transcript-options';
import { DEFAULT_FRONT_MATTER_TEMPLATE, frontMatterTemplateProblem } from '@/lib/export/yaml-front-matter';
import { isRecord } from '@/lib/model/json-read';
import type { ExportOptions } from './export-file';

/** The formats the one-click export offers (lib/export/formats.ts); the others are `inspect`'s. */
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
 * What the user chose in the settings panel; every export, both faces and the library read it. The
 * transcript's options (`reasoning`, `toolCalls`, `timestamps`) are export-format "Options".
 */
export interface Settings extends TranscriptOptions {
  defaultFormat: DefaultExportFormat;
  /** Write hidden messages (system prompt, custom instructions) and tools' full output too. */
  includeHiddenAndTools: boolean;
  /**
   * Fetch the images the page shows into a ZIP or an HTML export (export-format "Images and files"). Off by
   * default: each image is a request to chatgpt.com.
   */
  includeImages: boolean;
  citations: CitationStyle;
  /** The exported file's name before its extension (export-format "Templates"). */
  fileNameTemplate: string;
  /** The Markdown front matter's `key: {field}` lines; empty for none (export-format "Templates"). */
  frontMatterTemplate: string;
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
  includeHiddenAndTools: false,
  includeImages: false,
  citations: 'inline',
  ...DEFAULT_TRANSCRIPT_OPTIONS,
  fileNameTemplate: DEFAULT_FILE_NAME_TEMPLATE,
  frontMatterTemplate: DEFAULT_FRONT_MATTER_TEMPLATE,
  theme: 'system',
  library: DEFAULT_LIBRARY_SETTINGS,
};

/** The longest automatic deletion offered: ten years, past which "keep until deleted" says it better. */
export const MAX_RETENTION_DAYS = 3650;

/** Longer than any template a reader writes by hand, short enough to keep the settings small. */
export const MAX_TEMPLATE_LENGTH = 2_000;

/** A file-name template the export can use: its fields known, its braces paired. */
export const FILE_NAME_TEMPLATE_SCHEMA = v.pipe(
  v.string(),
  v.maxLength(MAX_TEMPLATE_LENGTH),
  v.check((template) => templateProblem(template) === null),
);

/** A front-matter template the export can use: plain keys, each once, each value's fields known. */
export const FRONT_MATTER_TEMPLATE_SCHEMA = v.pipe(
  v.string(),
  v.maxLength(MAX_TEMPLATE_LENGTH),
  v.check((template) => frontMatterTemplateProblem(template) === null),
);

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
  includeHiddenAndTools: v.fallback(v.boolean(), DEFAULT_SETTINGS.includeHiddenAndTools),
  includeImages: v.fallback(v.boolean(), DEFAULT_SETTINGS.includeImages),
  citations: v.fallback(v.picklist(CITATION_STYLES), DEFAULT_SETTINGS.citations),
  reasoning: v.fallback(v.picklist(REASONING_DETAILS), DEFAULT_SETTINGS.reasoning),
  toolCalls: v.fallback(v.picklist(TOOL_CALL_DETAILS), DEFAULT_SETTINGS.toolCalls),
  timestamps: v.fallback(v.picklist(TIMESTAMP_DETAILS), DEFAULT_SETTINGS.timestamps),
  branches: v.fallback(v.picklist(BRANCH_DETAILS), DEFAULT_SETTINGS.branches),
  fileNameTemplate: v.fallback(FILE_NAME_TEMPLATE_SCHEMA, DEFAULT_SETTINGS.fileNameTemplate),
  frontMatterTemplate: v.fallback(FRONT_MATTER_TEMPLATE_SCHEMA, DEFAULT_SETTINGS.frontMatterTemplate),
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
  return v.parse(storedSettingsSchema, isRecord(stored) ? stored : {});
}

/** What every export the user starts is told, from their settings: the popup's, the panel's and the shortcut's. */
export function exportOptionsOf(settings: Settings): ExportOptions {
  return {
    citations: settings.citations,
    includeHiddenAndTools: settings.includeHiddenAndTools,
    includeImages: settings.includeImages,
    reasoning: settings.reasoning,
    toolCalls: settings.toolCalls,
    timestamps: settings.timestamps,
    branches: settings.branches,
    frontMatterTemplate: settings.frontMatterTemplate,
    fileNameTemplate: settings.fileNameTemplate,
  };
}
