import { describe, expect, it } from 'vitest';
import { freshPageMicroseconds } from './machine-costs';

describe('freshPageMicroseconds: what the machine charges for a fresh page', () => {
  it('reads a cost from the faults a fresh region took, to a tenth of a microsecond', () => {
    const cost = freshPageMicroseconds();
    // A page fault costs from about a tenth of a microsecond on bare hardware to tens in some virtual machines.
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThan(1_000);
    expect(Number(cost.toFixed(1))).toBe(cost);
  });
});
