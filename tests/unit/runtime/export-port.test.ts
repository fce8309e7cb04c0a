import { describe, expect, it } from 'vitest';
import { fail, ok } from '@/lib/model/result';
import type { ExportFile } from '@/lib/runtime/export-file';
import {
  type FindWorker,
  type MessageScope,
  readExportRequest,
  requestExport,
  serveExportsOverPorts,
} from '@/lib/runtime/export-port';
import type { ExportRequest } from '@/lib/runtime/protocol';

/** A worker scope and the handle a page posts to, joined as the browser joins them. */
function workerPair(): { scope: EventTarget & MessageScope; findWorker: FindWorker } {
  const scope = new EventTarget() as EventTarget & MessageScope;
  const findWorker: FindWorker = async () => ({
    postMessage: (message, transfer) =>
      scope.dispatchEvent(new MessageEvent('message', { data: message, ports: transfer as MessagePort[] })),
  });
  return { scope, findWorker };
}

const bigMarkdown = `# A long chat\n\n${'A paragraph with "quotes", \\ and ünïcode.\n'.repeat(50_000)}`;
const file = (request: ExportRequest): ExportFile => ({
  fileName: `2026-01-01 A long chat.${request.format}`,
  mimeType: 'text/markdown;charset=utf-8',
  text: bigMarkdown,
});
const noFallback = async () => fail<ExportFile>('network', 'the fallback was used');

describe('export port: the UI asks the service worker for an export through a MessagePort', () => {
  it('brings the whole file back, with the request as the page posted it', async () => {
    const { scope, findWorker } = workerPair();
    const asked: ExportRequest[] = [];
    serveExportsOverPorts(scope, async (request) => {
      asked.push(request);
      return ok(file(request), ['Not every message could be loaded.']);
    });
    const request: ExportRequest = { tabId: 7, format: 'md', options: { citations: 'footnotes' } };
    const result = await requestExport(request, noFallback, findWorker);
    expect(result).toEqual(ok(file(request), ['Not every message could be loaded.']));
    expect(asked).toEqual([request]);
  });

  it('answers an error result as a result, and a worker that throws as a failed export', async () => {
    const { scope, findWorker } = workerPair();
    serveExportsOverPorts(scope, async (request) => {
      if (request.tabId === 1)
        return fail('not-found', 'No conversation of chatgpt.com is open in that tab.');
      throw new Error('worker stopped');
    });
    const missing = await requestExport({ tabId: 1, format: 'csv' }, noFallback, findWorker);
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const thrown = await requestExport({ tabId: 2, format: 'csv' }, noFallback, findWorker);
    expect(thrown).toMatchObject({
      ok: false,
      error: { message: 'The export did not finish: worker stopped' },
    });
  });

  it('uses runtime messaging where the background is no service worker (Firefox)', async () => {
    const result = await requestExport(
      { tabId: 3, format: 'json' },
      async (request) => ok(file(request)),
      async () => null,
    );
    expect(result).toMatchObject({ ok: true, value: { fileName: '2026-01-01 A long chat.json' } });
  });
});

describe('readExportRequest: what a posted message asks, read tolerantly', () => {
  const posted = (request: unknown) => ({ kind: 'chat-lens:exportConversation', request });

  it('reads a request and drops options of the wrong type', () => {
    expect(
      readExportRequest(
        posted({
          tabId: 4,
          format: 'md',
          options: { citations: 'sideways', includeHiddenAndTools: true, x: 1 },
        }),
      ),
    ).toEqual({ tabId: 4, format: 'md', options: { includeHiddenAndTools: true } });
  });

  it.each([
    ['another message', { kind: 'other', request: { tabId: 4, format: 'md' } }],
    ['no tab id', posted({ format: 'md' })],
    ['a tab id that is no integer', posted({ tabId: '4', format: 'md' })],
    ['an unknown format', posted({ tabId: 4, format: 'pdf' })],
    ['no object', 'export please'],
  ])('reads %s as no request', (_name, data) => {
    expect(readExportRequest(data)).toBeNull();
  });

  it('leaves a message without a port unanswered and still answers the next one', async () => {
    const { scope, findWorker } = workerPair();
    serveExportsOverPorts(scope, async (request) => ok(file(request)));
    scope.dispatchEvent(new MessageEvent('message', { data: posted({ tabId: 5, format: 'md' }) }));
    const result = await requestExport({ tabId: 5, format: 'md' }, noFallback, findWorker);
    expect(result.ok && result.value.text).toBe(bigMarkdown);
  });
});
