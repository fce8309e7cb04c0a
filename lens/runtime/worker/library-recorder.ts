import type { Inspection } from '@/lens/insights/inspection';
import type { LibraryConversation } from '@/lens/library/library-record';
import { type LibraryStore, LibraryWriteError } from '@/lens/library/library-store';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import type { LibraryStatus } from '@/lens/runtime/contract/library-status';
import type { LibrarySettings } from '@/lens/runtime/contract/settings';
import type { Schedule } from '@/lens/runtime/contract/timer';

/** What a tab offers the library: a conversation whose inspection may have changed. */
export interface LibrarySink {
  offer(conversationId: string, inspect: () => Inspection | null): void;
}

export interface LibraryRecorderDeps {
  /** Opened on the first write, kept open after. */
  open: () => Promise<LibraryStore>;
  /** Read at each write: the user may turn the library off, or answer text, at any moment. */
  settings: () => Promise<LibrarySettings>;
  now: () => number;
  schedule: Schedule;
  reportStatus: (status: LibraryStatus) => Promise<void>;
}

/**
 * How long offers gather before they are written: a streaming answer changes its conversation a few times a
 * second, and the library needs its revisions, not its every piece.
 */
export const LIBRARY_WRITE_DELAY_MS = 2_000;
/** Automatic deletion runs at most this often: it costs a walk over an index. */
const RETENTION_INTERVAL_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Writes the library as the lens changes (architecture "The library"), off the UI's path: offers are
 * gathered for LIBRARY_WRITE_DELAY_MS, then each conversation whose inspection changed since it was last
 * written is written once, in its own transaction. An inspection is the same object while its conversation
 * is unchanged (held-inspection.ts), so a revision is written once, whatever asks for it.
 */
export class LibraryRecorder implements LibrarySink {
  readonly #deps: LibraryRecorderDeps;
  readonly #pending = new Map<string, () => Inspection | null>();
  readonly #written = new WeakSet<Inspection>();
  #store: Promise<LibraryStore> | null = null;
  #flushing: Promise<void> | null = null;
  #timerSet = false;
  #retentionRanAt = Number.NEGATIVE_INFINITY;

  constructor(deps: LibraryRecorderDeps) {
    this.#deps = deps;
  }

  offer(conversationId: string, inspect: () => Inspection | null): void {
    this.#pending.set(conversationId, inspect);
    if (this.#timerSet) return;
    this.#timerSet = true;
    this.#deps.schedule(LIBRARY_WRITE_DELAY_MS, () => {
      this.#timerSet = false;
      void this.flush();
    });
  }

  /** Writes what was offered now; one flush at a time, so two never race for the same conversation. */
  async flush(): Promise<void> {
    while (this.#flushing !== null) await this.#flushing;
    this.#flushing = this.#flushOnce().finally(() => {
      this.#flushing = null;
    });
    await this.#flushing;
  }

  async #flushOnce(): Promise<void> {
    const offered = [...this.#pending.values()];
    this.#pending.clear();
    const settings = await this.#deps.settings();
    if (!settings.enabled || offered.length === 0) return;
    const savedAt = this.#deps.now();
    const records: Array<{ inspection: Inspection; record: LibraryConversation }> = [];
    for (const inspect of offered) {
      const inspection = inspect();
      if (inspection === null || this.#written.has(inspection)) continue;
      const record = recordOfInspection(inspection, { keepAnswerText: settings.keepAnswerText, savedAt });
      if (record !== null) records.push({ inspection, record });
    }
    if (records.length === 0) return;
    try {
      this.#store ??= this.#deps.open();
      const store = await this.#store;
      for (const { inspection, record } of records) {
        await store.put(record);
        this.#written.add(inspection);
      }
      await this.#applyRetention(store, settings);
      await this.#report({ state: 'ok', message: null, at: savedAt });
    } catch (error) {
      const failure =
        error instanceof LibraryWriteError
          ? error
          : new LibraryWriteError('failed', `The library could not be opened: ${String(error)}`);
      await this.#report({ state: failure.kind, message: failure.message, at: savedAt });
      // A store that could not open is opened again next time; an open one stays.
      if (!(error instanceof LibraryWriteError)) this.#store = null;
    }
  }

  async #applyRetention(store: LibraryStore, settings: LibrarySettings): Promise<void> {
    const now = this.#deps.now();
    if (settings.retentionDays === null || now - this.#retentionRanAt < RETENTION_INTERVAL_MS) return;
    this.#retentionRanAt = now;
    await store.deleteSavedBefore(now - settings.retentionDays * DAY_MS);
  }

  async #report(status: LibraryStatus): Promise<void> {
    await this.#deps.reportStatus(status).catch(() => undefined);
  }
}
