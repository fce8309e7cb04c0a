/**
 * Guards the capture layer reads parsed JSON with. lib/model has richer readers, but the MAIN-world hook
 * bundles lib/capture and may import nothing else of lib/ (architecture "Layers"), and it must stay small
 * (architecture "Budgets").
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
