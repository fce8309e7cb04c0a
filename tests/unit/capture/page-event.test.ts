import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_EVENT_CHANNEL, type PageEvent, parsePageEvent } from '@/lib/capture/page-event';
import { treeResponseEvent } from './page-events';

const response = treeResponseEvent('abc');

describe('parsePageEvent', () => {
  it('accepts each well-formed event as it is', () => {
    const events: PageEvent[] = [
      response,
      { type: 'websocket-frame', url: 'wss://chatgpt.com/ws', data: '{"type":"stream-item"}' },
      { type: 'navigation', url: 'https://chatgpt.com/c/abc' },
    ];
    for (const event of events) expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event })).toEqual(event);
  });

  it('drops members the page added', () => {
    const forged = { channel: PAGE_EVENT_CHANNEL, event: { ...response, extra: 'x' } };
    expect(parsePageEvent(forged)).toEqual(response);
  });

  it('rejects forged or foreign messages', () => {
    expect(parsePageEvent({ channel: 'other', event: response })).toBeNull();
    expect(
      parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: { ...response, endpoint: 'session' } }),
    ).toBeNull();
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: { ...response, status: '200' } })).toBeNull();
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: { type: 'navigation' } })).toBeNull();
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        parsePageEvent(value);
        parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: value });
      }),
    );
  });
});
