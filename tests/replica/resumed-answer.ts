import type { ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { pythonJson } from './python-json';

/**
 * An answer handed off to `resume_sse_endpoint` (site-interface 10.15): the submit call's handler writes
 * the answer's events here as the model makes them, and each resume call reads them from its offset on,
 * as gzip SSE in the forms the live site uses for it. Comments are no events: an offset counts only
 * `data:` events.
 */
export class ResumedAnswer {
  private readonly entries: Array<{ text: string; counts: boolean }> = [];
  private finished = false;
  private readonly waiting = new Set<() => void>();
  private readers = 0;
  private readerCame: (() => void) | null = null;

  /** One step's SSE text (one or more whole events, perhaps after a `: ping`), in the resumed forms. */
  write(text: string): void {
    for (const event of text.split(/(?<=\n\n)/)) {
      const counted = this.entries.filter((entry) => entry.counts).length;
      this.entries.push(resumedForm(event, counted));
    }
    this.wake();
  }

  end(): void {
    this.finished = true;
    this.wake();
  }

  /** Resolves once a resume call reads the answer, or after `timeoutMs` (the page never came). */
  readerArrives(timeoutMs: number): Promise<void> {
    if (this.readers > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.readerCame = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Streams the answer from event `offset` on, gzip, to its end; [DONE] last. */
  async serve(response: ServerResponse, offset: number): Promise<void> {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    const gzip = createGzip();
    gzip.pipe(response);
    const send = (text: string): void => {
      gzip.write(text);
      // Each event reaches the page as it is made, not when the compressor's buffer fills.
      gzip.flush();
    };
    this.readers += 1;
    this.readerCame?.();
    let at = 0;
    let skipped = 0;
    for (;;) {
      for (; at < this.entries.length; at += 1) {
        const entry = this.entries[at] as { text: string; counts: boolean };
        if (entry.counts && skipped < offset) {
          skipped += 1;
          continue;
        }
        if (entry.counts || skipped >= offset) send(entry.text);
      }
      if (this.finished || response.destroyed) break;
      await new Promise<void>((wake) => this.waiting.add(wake));
    }
    send('data: [DONE]\r\n\r\n');
    gzip.end();
  }

  private wake(): void {
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }
}

/** The time a keep-alive comment names, as the live site writes it. */
const pingTime = (): string => new Date().toISOString().replace('T', ' ').replace('Z', '000+00:00');

/**
 * One event as a resumed stream writes it (site-interface 10.15), by its number `n`: no `event: delta`; a
 * message opened with `{"o": "add"}` and no path every other time, a patch without its path; lines ending
 * `\r\n` or `\n` by turns; every third event padded with spaces before its blank line; a ping names its time.
 */
function resumedForm(event: string, n: number): { text: string; counts: boolean } {
  const end = n % 2 === 0 ? '\r\n' : '\n';
  if (event.startsWith(':')) return { text: `: ping - ${pingTime()}\r\n\r\n`, counts: false };
  const line = event.split('\n').find((candidate) => candidate.startsWith('data: '));
  if (line === undefined) return { text: event, counts: false };
  let data: unknown;
  try {
    data = JSON.parse(line.slice('data: '.length));
  } catch {
    return { text: `${line}${end}${end}`, counts: true };
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  if (record !== null && record.p === undefined && record.o === undefined && n % 2 === 1) {
    const v = record.v as Record<string, unknown> | undefined;
    if (v?.message !== undefined) data = { o: 'add', ...record };
  }
  if (record?.p === '' && record.o === 'patch') data = { o: 'patch', v: record.v };
  const padding = n % 3 === 0 ? '    ' : '';
  // The encoding keeps its name; a delta goes without it.
  const name = event.startsWith('event: delta_encoding') ? `event: delta_encoding${end}` : '';
  return { text: `${name}data: ${pythonJson(data)}${padding}${end}${end}`, counts: true };
}
