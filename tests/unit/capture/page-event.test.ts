import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HookEvent, PAGE_EVENT_CHANNEL, type PageEvent, parsePageEvent } from '@/lib/capture/page-event';
import { handoffEvent, treeResponseEvent } from './page-events';

const response = treeResponseEvent('abc');
const streamItems: PageEvent = {
  type: 'stream-items',
  items: [
    {
      kind: 'stream-item',
      topicId: 'conversation-turn-t1',
      streamItemId: 'si-1',
      text: 'data: {"v": "Hi"}\n\n',
    },
    { kind: 'done', topicId: 'conversation-turn-t1', streamItemId: null, text: '' },
  ],
};
const answerStream = handoffEvent('abc', 'conversation-turn-t1');

describe('parsePageEvent', () => {
  it('accepts each well-formed event as it is', () => {
    const events: HookEvent[] = [response, streamItems, answerStream, { type: 'navigation' }];
    for (const event of events) expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event })).toEqual(event);
  });

  it('drops members the page added', () => {
    const forged = { channel: PAGE_EVENT_CHANNEL, event: { ...response, extra: 'x' } };
    expect(parsePageEvent(forged)).toEqual(response);
  });

  it('keeps of an unchanged poll only which response it repeats, never a body', () => {
    const unchanged = {
      type: 'unchanged',
      endpoint: 'conversation-tree',
      conversationId: 'abc',
      url: response.url,
    };
    const withBody = { ...unchanged, body: '{"mapping":{}}', status: 200 };
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: withBody })).toEqual(unchanged);
    const event = (value: unknown) => parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: value });
    expect(event({ ...unchanged, endpoint: 'submit-prompt' })).toBeNull();
    expect(event({ ...unchanged, url: 7 })).toBeNull();
  });

  it('drops members the page added to stream items, and any token a forged text carries', () => {
    const item = { kind: 'stream-item', topicId: null, streamItemId: null, text: 'data: {"v": "ok"}\n\n' };
    const forged = {
      type: 'stream-items',
      items: [
        { ...item, encoded_item: 'data: {"token":"x"}' },
        { ...item, text: 'data: {"token": "x"}\n\n' },
      ],
    };
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: forged })).toEqual({
      type: 'stream-items',
      items: [item, { ...item, text: '' }],
    });
    const piece = { ...answerStream, text: 'data: {"token": "x"}\n\ndata: [DONE]\n\n' };
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: piece })).toEqual({
      ...answerStream,
      text: 'data: [DONE]\n\n',
    });
  });

  it("never accepts the submit call's raw body, which may hold a resume token", () => {
    const raw = { ...response, endpoint: 'submit-prompt', body: 'data: {"token":"eyJ"}' };
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: raw })).toBeNull();
  });

  it('rejects stream items and answer streams of the wrong shape', () => {
    const event = (value: unknown) => parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: value });
    expect(event({ type: 'stream-items', items: [] })).toBeNull();
    expect(event({ type: 'stream-items', items: [{ kind: 'frame', topicId: null }] })).toBeNull();
    expect(event({ type: 'stream-items', items: [{ kind: 'done', topicId: 3 }] })).toBeNull();
    expect(event({ ...answerStream, text: 1 })).toBeNull();
    expect(event({ ...answerStream, ended: 'yes' })).toBeNull();
    expect(event({ ...answerStream, stream: '1' })).toBeNull();
    expect(event({ type: 'stream-items', items: [{ ...streamItems.items[0], text: null }] })).toBeNull();
  });

  it('rejects lists with holes, which structured cloning keeps, so no item or topic reads as undefined', () => {
    const event = (value: unknown) => parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: value });
    expect(event({ type: 'stream-items', items: structuredClone(new Array(2)) })).toBeNull();
    const itemsAfterHole: unknown[] = new Array(1);
    itemsAfterHole.push(...streamItems.items);
    expect(event({ ...streamItems, items: structuredClone(itemsAfterHole) })).toBeNull();
  });

  it('rejects forged or foreign messages', () => {
    expect(parsePageEvent({ channel: 'other', event: response })).toBeNull();
    expect(
      parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: { ...response, endpoint: 'session' } }),
    ).toBeNull();
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: { ...response, status: '200' } })).toBeNull();
    expect(
      parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: { ...response, retryAfter: 30 } }),
    ).toBeNull();
  });

  it('keeps nothing a navigation carries: the relay reads the URL itself', () => {
    const forged = { type: 'navigation', url: 'https://chatgpt.com/c/forged' };
    expect(parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: forged })).toEqual({ type: 'navigation' });
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
