import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectTransport } from '@/lib/insights/transport';

describe('detectTransport (interface 6)', () => {
  it('says websocket when a stream-item frame was seen', () => {
    expect(detectTransport({ streamItemFrames: 3, sseResponses: 0 })).toBe('websocket');
  });

  it('says sse when only an SSE response to the submit call was seen', () => {
    expect(detectTransport({ streamItemFrames: 0, sseResponses: 1 })).toBe('sse');
  });

  it('says websocket when both were seen', () => {
    expect(detectTransport({ streamItemFrames: 1, sseResponses: 2 })).toBe('websocket');
  });

  it('says unknown when neither was seen', () => {
    expect(detectTransport({ streamItemFrames: 0, sseResponses: 0 })).toBe('unknown');
  });

  it('property: the answer depends only on which of the two exist', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (frames, responses) => {
        const expected = frames > 0 ? 'websocket' : responses > 0 ? 'sse' : 'unknown';
        expect(detectTransport({ streamItemFrames: frames, sseResponses: responses })).toBe(expected);
      }),
    );
  });
});
