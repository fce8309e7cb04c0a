import { ACCOUNT_RUN_ZIP_FORMATS } from '@/lens/runtime/contract/account-run';

export type AccountRunZipFormat = (typeof ACCOUNT_RUN_ZIP_FORMATS)[number];

/** The ZIP choices of a run, as the page offers them: a document per conversation, or no ZIP. */
export const ZIP_CHOICES: ReadonlyArray<{ value: AccountRunZipFormat | 'none'; label: string }> = [
  { value: 'md', label: 'Markdown files' },
  { value: 'html', label: 'HTML pages' },
  { value: 'json', label: 'JSON files' },
  { value: 'none', label: 'No ZIP, only the library' },
];

export const zipFormatOf = (value: string): AccountRunZipFormat | null =>
  ACCOUNT_RUN_ZIP_FORMATS.find((format) => format === value) ?? null;
