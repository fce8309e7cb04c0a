/**
 * A page a benchmark writes, served on the chat site's origin so the extension's content scripts run in
 * it, and the reports it posts back. With it a page can time itself in a browser that no automation is
 * attached to (tests/bench/unattended-browser.ts).
 */
export class TestPages {
  /** What GET /__replica/test-page serves; null: nothing (404). */
  html: string | null = null;
  #reports: unknown[] = [];
  #waiting: ((report: unknown) => void)[] = [];

  report(value: unknown): void {
    const waiting = this.#waiting.shift();
    if (waiting) waiting(value);
    else this.#reports.push(value);
  }

  /** The oldest report not taken yet, or the next one to arrive. */
  nextReport(): Promise<unknown> {
    if (this.#reports.length > 0) return Promise.resolve(this.#reports.shift());
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}
