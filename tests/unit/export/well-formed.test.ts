import { describe, expect, it } from 'vitest';
import { wellFormed } from '@/lib/export/well-formed';

describe('wellFormed', () => {
  it('reads each lone surrogate as U+FFFD and keeps pairs and other text', () => {
    expect(wellFormed('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(wellFormed('pair \ud83d\ude00 kept')).toBe('pair \ud83d\ude00 kept');
    expect(() => encodeURIComponent(wellFormed('id-\udfff'))).not.toThrow();
  });
});
