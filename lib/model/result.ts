/**
 * Typed outcomes. Nothing in lib/ throws to its caller: a parser or loader returns a Result, and a
 * best-effort result carries its warnings (architecture "Tolerant reader": nothing loaded is thrown away).
 */
export type LensErrorCode =
  | 'malformed-json' // the body is not JSON
  | 'unexpected-shape' // JSON, but not the shape site-interface 2 describes
  | 'signed-out' // 401 again after a fresh token (site-interface 5)
  | 'not-found' // 404
  | 'rate-limited' // 429, or the rate governor is waiting (site-interface 7)
  | 'server' // 5xx
  | 'http' // any other unexpected status
  | 'network' // the request did not complete
  | 'cut-off' // a stream ended before its end
  | 'paging-loop' // a repeated cursor or a page that adds nothing (site-interface 4.1)
  | 'not-a-zip' // a file read as a ZIP archive that is none
  | 'unsupported-zip'; // a ZIP entry encrypted, or packed by a method other than stored or deflate

export interface LensError {
  code: LensErrorCode;
  /** A sentence a user can read; never holds a token or a tracking value. */
  message: string;
  /** HTTP status, where the error came from a response. */
  status?: number;
  /** When a rate-limited call may be tried again (epoch ms). */
  retryAt?: number;
}

export type Result<T> = { ok: true; value: T; warnings: string[] } | { ok: false; error: LensError };

export function ok<T>(value: T, warnings: string[] = []): Result<T> {
  return { ok: true, value, warnings };
}

export function fail<T = never>(
  code: LensErrorCode,
  message: string,
  extra: Omit<LensError, 'code' | 'message'> = {},
): Result<T> {
  return { ok: false, error: { code, message, ...extra } };
}
