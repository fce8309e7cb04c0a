import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Chunks } from '@/lib/export/utf8-chunks';
import { joinedBytes } from '@/lib/model/joined-bytes';

/** What a Blob of the pieces themselves held: each string encoded on its own, bytes as they are. */
function eachEncoded(pieces: ReadonlyArray<string | Uint8Array>): Uint8Array {
  const encoder = new TextEncoder();
  return joinedBytes(pieces.map((piece) => (typeof piece === 'string' ? encoder.encode(piece) : piece)));
}

/** Text of one to four UTF-8 bytes a character, lone surrogates too. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', ' ', '\n', 'é', '—', '東', '😀', '\ud83d', '\ude00'),
    fc.string({ unit: 'grapheme', maxLength: 3 }),
  ),
  maxLength: 40,
});
const piece = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }) },
);

describe('utf8Chunks: an export as the bytes of its file', () => {
  it('holds the bytes a Blob of the pieces held, in order, whatever the chunks are cut at', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 1, max: 64 }), (pieces, size) => {
        const chunks = [...utf8Chunks(pieces, size)];
        expect(joinedBytes(chunks)).toEqual(eachEncoded(pieces));
        // No empty chunk of text is handed on.
        for (const chunk of chunks)
          if (!pieces.some((piece) => piece === chunk)) expect(chunk.byteLength).toBeGreaterThan(0);
      }),
      { numRuns: 3_000 },
    );
  });

  it('passes bytes on as the very same arrays, between the text before and after them', () => {
    const zipped = new Uint8Array([80, 75, 3, 4]);
    const chunks = [...utf8Chunks(['before ', zipped, 'after'], 1024)];
    expect(chunks).toHaveLength(3);
    expect(chunks[1]).toBe(zipped);
    expect(new TextDecoder().decode(joinedBytes(chunks))).toBe('before PK\u0003\u0004after');
  });

  it('writes a long export in chunks of the size asked for, none split inside a character', () => {
    const paragraph = 'Lisbon — a café at 20 °C, 東京 too 😀.\n';
    const pieces = Array.from({ length: 2_000 }, () => paragraph.repeat(8));
    const chunks = [...utf8Chunks(pieces, 64 * 1024)];
    const decoder = new TextDecoder('utf-8', { fatal: true });
    // Each chunk ends between two characters: it decodes on its own, strictly.
    expect(chunks.map((chunk) => decoder.decode(chunk)).join('')).toBe(pieces.join(''));
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.byteLength).toBeLessThanOrEqual(64 * 1024);
  });

  it('writes the rest of a piece longer than a chunk into one chunk large enough for it', () => {
    const long = '😀'.repeat(1_000);
    const chunks = [...utf8Chunks(['a', long, 'b'], 16)];
    expect(new TextDecoder().decode(joinedBytes(chunks))).toBe(`a${long}b`);
    // The first chunk takes 'a' and three emoji; the other 997 and 'b' go into the second.
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([13, 997 * 4 + 1]);
  });
});
