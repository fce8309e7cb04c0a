import { expect } from 'vitest';
import type { LensErrorCode, Result } from '@/lib/model/result';
import { SECRET_CANARIES } from './fixture-documents';

/** Every code of lib/model/result.ts, checked complete by the compiler. */
const ERROR_CODES: Record<LensErrorCode, true> = {
  'malformed-json': true,
  'unexpected-shape': true,
  'signed-out': true,
  'not-found': true,
  'rate-limited': true,
  server: true,
  http: true,
  network: true,
  'cut-off': true,
  'paging-loop': true,
  'not-a-zip': true,
  'unsupported-zip': true,
};

/**
 * Every failure is a typed error (architecture "Tolerant reader"): a Result either holds a value with its
 * warnings as sentences, or an error of a known code with a message a user can read. Returns the value, or
 * null.
 */
export function typedValue<T>(result: Result<T>): T | null {
  if (result.ok) {
    const unreadable = result.warnings.find(
      (warning) => typeof warning !== 'string' || warning.trim() === '',
    );
    expect(unreadable).toBeUndefined();
    return result.value;
  }
  expect(Object.hasOwn(ERROR_CODES, result.error.code)).toBe(true);
  expect(typeof result.error.message === 'string' && result.error.message.trim() !== '').toBe(true);
  return null;
}

/**
 * Every string in what a reader returned, member names included, walked without recursion (a hostile
 * value can be deeper than JSON.stringify goes). Private fields (a product's refresh key) stay unseen, as
 * they do for storage and messaging.
 */
function stringsIn(output: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [output];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') found.push(value);
    else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      for (const [key, member] of Object.entries(value)) stack.push(key, member);
    }
  }
  return found;
}

/** architecture "Secrets": no planted secret of the fixtures in `output`. */
export function expectNoSecret(output: unknown): void {
  const leaked = stringsIn(output).find((text) => SECRET_CANARIES.some((canary) => text.includes(canary)));
  expect(leaked).toBeUndefined();
}
