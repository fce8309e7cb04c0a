import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import type { Schedule } from '@/lens/runtime/contract/timer';

/**
 * The tab lens is written at most this often, however fast the page's events come: the lens of a
 * 10,000-message conversation is about 1 MB (architecture "Where state lives").
 */
export const LENS_WRITE_INTERVAL_MS = 250;

export interface LensWriterDeps {
  now: () => number;
  schedule: Schedule;
  /** The lens as it stands now, its snapshot included. */
  compose: () => { lens: TabLens; snapshot: LensSnapshot | null };
  write: (lens: TabLens) => Promise<void>;
}

/**
 * Writes a tab's lens to the session area: soon after something changed, at most every
 * LENS_WRITE_INTERVAL_MS, and only when what the UI reads differs (the time alone changing is no change,
 * so an unchanged poll writes nothing).
 */
export class LensWriter {
  readonly #deps: LensWriterDeps;
  #closed = false;
  #cancelWrite: (() => void) | null = null;
  #lastWriteAt = 0;
  #writtenKey: string | null = null;
  #writtenSnapshot: LensSnapshot | null = null;

  constructor(deps: LensWriterDeps) {
    this.#deps = deps;
  }

  /** Something the lens shows may have changed: write it soon. */
  touch(): void {
    if (this.#closed || this.#cancelWrite !== null) return;
    const wait = Math.max(0, this.#lastWriteAt + LENS_WRITE_INTERVAL_MS - this.#deps.now());
    this.#cancelWrite = this.#deps.schedule(wait, () => {
      this.#cancelWrite = null;
      this.#lastWriteAt = this.#deps.now();
      void this.#write();
    });
  }

  /** Writes the lens at least every LENS_WRITE_INTERVAL_MS while `work` runs, so its progress shows. */
  async whileShowingProgress<T>(work: Promise<T>): Promise<T> {
    let running = true;
    const tick = (): void => {
      if (!running) return;
      this.touch();
      this.#deps.schedule(LENS_WRITE_INTERVAL_MS, tick);
    };
    tick();
    try {
      return await work;
    } finally {
      running = false;
      this.touch();
    }
  }

  close(): void {
    this.#closed = true;
    this.#cancelWrite?.();
  }

  async #write(): Promise<void> {
    const { lens, snapshot } = this.#deps.compose();
    const key = JSON.stringify({ ...lens, snapshot: null, updatedAt: 0 });
    if (key === this.#writtenKey && snapshot === this.#writtenSnapshot) return;
    this.#writtenKey = key;
    this.#writtenSnapshot = snapshot;
    await this.#deps.write({ ...lens, snapshot, updatedAt: this.#deps.now() }).catch(() => undefined);
  }
}
