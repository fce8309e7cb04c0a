import { describe, expect, it } from 'vitest';
import {
  channelMessage,
  RELAY_TO_WORKER_KINDS,
  type RelayToWorker,
  readChannelMessage,
  WORKER_TO_RELAY_KINDS,
  type WorkerToRelay,
} from '@/lens/runtime/contract/relay-channel';

const state = { url: 'https://chatgpt.com/c/abc', visible: true, focused: false };

describe('the relay channel', () => {
  it('reads back every message it makes, for the side it is meant for', () => {
    const message = channelMessage<RelayToWorker, 'fallbackDue'>('fallbackDue', state);
    expect(readChannelMessage<RelayToWorker>(message, RELAY_TO_WORKER_KINDS)).toEqual({
      chatLens: 'fallbackDue',
      data: state,
    });
    // A relay does not take the worker's own messages, nor the other way round.
    expect(readChannelMessage<WorkerToRelay>(message, WORKER_TO_RELAY_KINDS)).toBeNull();
    const file = { fileName: 'a.md', mimeType: 'text/markdown', text: '# a' };
    const save = channelMessage<WorkerToRelay, 'saveExportFile'>('saveExportFile', file);
    expect(readChannelMessage<RelayToWorker>(save, RELAY_TO_WORKER_KINDS)).toBeNull();
    expect(readChannelMessage<WorkerToRelay>(save, WORKER_TO_RELAY_KINDS)?.data).toEqual(file);
  });

  it("ignores the UI protocol's messages and anything untagged", () => {
    // @webext-core/messaging's shape: { id, type, data, timestamp }.
    const uiMessage = { id: 1, type: 'refresh', data: { tabId: 3 }, timestamp: 0 };
    for (const value of [
      uiMessage,
      null,
      'pageEvent',
      [],
      { chatLens: 'pageEvent' },
      { chatLens: 'x', data: 1 },
    ])
      expect(readChannelMessage<RelayToWorker>(value, RELAY_TO_WORKER_KINDS)).toBeNull();
  });
});
