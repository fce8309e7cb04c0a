import type { Inspection } from '@/lens/insights/inspection';

/**
 * What one run of `inspect` writes, conversation by conversation as they are read, so a data export of any
 * size streams through: an export format or the summary as one output (export-output.ts), or the library's
 * tables as three files (table-output.ts).
 */
export interface RunOutput {
  /** Where it goes, for messages: the files written, or standard output. */
  readonly name: string;
  /** Before the first conversation. */
  begin(): Promise<void>;
  conversation(inspection: Inspection): Promise<void>;
  /** An item that could not be read, with its warning: an archive's report lists it (archive-output.ts). */
  unreadable?(warning: string): void;
  /** After the last conversation: what was written is then complete (a JSON array closed, a Parquet footer). */
  end(): Promise<void>;
}
