/**
 * The formats of `inspect --format` (lib/cli/run-cli.ts), apart from their writers (export-file.ts), so
 * a page that only names a format does not load the writers.
 */
export type ExportFormat = 'md' | 'json' | 'csv' | 'sources-csv';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['md', 'json', 'csv', 'sources-csv'];
