import type { CitationStyle } from '@/lib/export/markdown-citations';
import { isRecord } from '@/lib/model/json-read';

/** The formats the one-click export offers (issue 9, item 3); sources-csv stays a CLI format. */
export type DefaultExportFormat = 'md' | 'json' | 'csv';
export type ThemeChoice = 'system' | 'light' | 'dark';

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

const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (value: unknown): T | undefined =>
    choices.find((choice) => choice === value);

const formatOf = oneOf<DefaultExportFormat>(['md', 'json', 'csv']);
const citationsOf = oneOf<CitationStyle>(['inline', 'footnotes']);
const themeOf = oneOf<ThemeChoice>(['system', 'light', 'dark']);

/**
 * The stored settings, read tolerantly: a member of the wrong type or an unknown value falls back to its
 * default on its own (a bad theme does not reset the format), unknown members are ignored, nothing throws.
 */
export function readSettings(stored: unknown): Settings {
  const raw = isRecord(stored) ? stored : {};
  return {
    defaultFormat: formatOf(raw.defaultFormat) ?? DEFAULT_SETTINGS.defaultFormat,
    includeHiddenAndTools:
      typeof raw.includeHiddenAndTools === 'boolean'
        ? raw.includeHiddenAndTools
        : DEFAULT_SETTINGS.includeHiddenAndTools,
    citations: citationsOf(raw.citations) ?? DEFAULT_SETTINGS.citations,
    theme: themeOf(raw.theme) ?? DEFAULT_SETTINGS.theme,
  };
}
