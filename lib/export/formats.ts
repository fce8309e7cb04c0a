import type { CitationStyle } from './markdown-citations';

/**
 * The formats of `inspect --format` (lib/cli/run-cli.ts) and of the extension's exports
 * (lib/runtime/export-file.ts), apart from their writers, so a page that only names a format does not
 * load the writers.
 */
export type ExportFormat = 'md' | 'json' | 'csv' | 'sources-csv';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['md', 'json', 'csv', 'sources-csv'];

/** How the Markdown shows cited pages: inline links (the default) or footnotes. */
export const CITATION_STYLES: readonly CitationStyle[] = ['inline', 'footnotes'];
