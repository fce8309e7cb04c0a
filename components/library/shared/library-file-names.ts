import { dayText } from './date-text';

/**
 * The stem of every file the library page saves, named for the day it was saved (the user's day):
 * `chat-lens-library-2026-11-25`, then `.json` for the whole library, or a table's own name and extension
 * (lens/library/table-file-name.ts).
 */
export const libraryFileStem = (now: number): string => `chat-lens-library-${dayText(now)}`;

/** The ZIP of a run of "add the whole account": `chat-lens-account-2026-11-25.zip`. */
export const accountZipFileName = (now: number): string => `chat-lens-account-${dayText(now)}.zip`;

/** The ZIP of the team dataset, where the browser has no folder picker: `chat-lens-dataset-2026-11-25.zip`. */
export const datasetZipFileName = (now: number): string => `chat-lens-dataset-${dayText(now)}.zip`;
