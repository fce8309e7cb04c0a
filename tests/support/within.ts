import { setTimeout as delay } from 'node:timers/promises';

/**
 * The promise's value, or `otherwise` once `ms` passed without one (or on its failure): for a question to a
 * browser that may never settle, as one to a worker stopped under it, or to a document replaced while it
 * waited.
 */
export const within = <T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> =>
  Promise.race([promise.catch(() => otherwise), delay(ms, otherwise)]);
