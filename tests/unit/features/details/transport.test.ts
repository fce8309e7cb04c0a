import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectTransport } from '@/features/details/transport';
import { NOTHING_OBSERVED } from '@/lib/model/transport';

describe('detectTransport (site-interface 6)', () => {
  const transport = (streamItems: number, sseAnswers: number, handoffs = 0) =>
    detectTransport({ streamItems, sseAnswers, handoffs, resumed: 0, htmlAnswers: 0 });

  it('says websocket when a stream item was seen', () => {
    expect(transport(3, 0)).toBe('websocket');
  });

  it('says sse when only an SSE answer to the submit call was seen', () => {
    expect(transport(0, 1)).toBe('sse');
  });

  it('says websocket when both were seen', () => {
    expect(transport(1, 2)).toBe('websocket');
  });

  it('says websocket for an answer handed off to a topic, even when no frame of it was recorded', () => {
    expect(transport(0, 0, 1)).toBe('websocket');
  });

  it('says unknown when nothing was seen', () => {
    expect(detectTransport(NOTHING_OBSERVED)).toBe('unknown');
  });

  it('property: WebSocket evidence wins, then an SSE answer', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (items, answers, handoffs) => {
        const expected = items + handoffs > 0 ? 'websocket' : answers > 0 ? 'sse' : 'unknown';
        expect(transport(items, answers, handoffs)).toBe(expected);
      }),
    );
  });
});
