import { describe, expect, it, vi } from 'vitest';
import type { ReceivedExport } from '@/lens/runtime/contract/download-file';
import type { ExportFile, PreparedExport } from '@/lens/runtime/contract/export-file';
import {
  type FindPageExport,
  type FindWorker,
  PAGE_EXPORT_GLOBAL,
  type PageExport,
  requestExport,
} from '@/lens/runtime/contract/export-port';
import type { ExportRequest } from '@/lens/runtime/contract/protocol';
import {
  type MessageScope,
  serveExportsOverPorts,
  serveExportsToPages,
} from '@/lens/runtime/worker/export-port-server';
import { fail, ok, type Result } from '@/lib/model/result';

/** A worker scope and the handle a page posts to, joined as the browser joins them. */
function workerPair(): { scope: EventTarget & MessageScope; findWorker: FindWorker } {
  const scope = new EventTarget() as EventTarget & MessageScope;
  const findWorker: FindWorker = async () => ({
    postMessage: (message, transfer) =>
      scope.dispatchEvent(new MessageEvent('message', { data: message, ports: transfer as MessagePort[] })),
  });
  return { scope, findWorker };
}

const paragraph = 'A paragraph with "quotes", \\ and ünïcode 😀.\n';
const PARAGRAPHS = 50_000;
const bigMarkdown = `# A long chat\n\n${paragraph.repeat(PARAGRAPHS)}`;
const head = (request: ExportRequest) => ({
  fileName: `2026-01-01 A long chat.${request.format}`,
  mimeType: 'text/markdown;charset=utf-8',
});
const file = (request: ExportRequest): ExportFile => ({ ...head(request), text: bigMarkdown });
/** The same text as the writers give it: in many small pieces, written as they are asked for. */
const prepared = (request: ExportRequest): PreparedExport => ({
  ...head(request),
  *pieces() {
    yield '# A long chat\n\n';
    for (let index = 0; index < PARAGRAPHS; index += 1) yield paragraph;
  },
});
const noFallback = async () => fail<ExportFile>('network', 'the fallback was used');
const noWorker: FindWorker = async () => null;
const noPage: FindPageExport = async () => null;
/** The export function a background page put on its window, as the page's lookup finds it. */
const pageExportOf =
  (background: object): FindPageExport =>
  async () =>
    Reflect.get(background, PAGE_EXPORT_GLOBAL) as PageExport;

describe('export port: the UI asks the service worker for an export through a MessagePort', () => {
  it('brings the whole file back, with the request as the page posted it', async () => {
    const { scope, findWorker } = workerPair();
    const asked: ExportRequest[] = [];
    serveExportsOverPorts(scope, async (request) => {
      asked.push(request);
      return ok(prepared(request), ['Not every message could be loaded.']);
    });
    const request: ExportRequest = { tabId: 7, format: 'md', options: { citations: 'footnotes' } };
    const result = await requestExport(request, { findWorker, findPageExport: noPage, fallback: noFallback });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.warnings).toEqual(['Not every message could be loaded.']);
    expect(result.value).toMatchObject(head(request));
    expect(result.value.body.type).toBe('text/markdown;charset=utf-8');
    expect(await result.value.body.text()).toBe(bigMarkdown);
    expect(asked).toEqual([request]);
  });

  it('answers an error result as a result, and a worker that throws as a failed export', async () => {
    const { scope, findWorker } = workerPair();
    serveExportsOverPorts(scope, async (request) => {
      if (request.tabId === 1)
        return fail('not-found', 'No conversation of chatgpt.com is open in that tab.');
      throw new Error('worker stopped');
    });
    const missing = await requestExport(
      { tabId: 1, format: 'csv' },
      { findWorker, findPageExport: noPage, fallback: noFallback },
    );
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const thrown = await requestExport(
      { tabId: 2, format: 'csv' },
      { findWorker, findPageExport: noPage, fallback: noFallback },
    );
    expect(thrown).toMatchObject({
      ok: false,
      error: { message: 'The export did not finish: worker stopped' },
    });
  });

  it('fails the export, with no file, when the writer throws part-way through', async () => {
    const { scope, findWorker } = workerPair();
    serveExportsOverPorts(scope, async (request) =>
      ok({
        ...head(request),
        *pieces() {
          yield 'x'.repeat(600_000);
          throw new Error('out of memory');
        },
      }),
    );
    const result = await requestExport(
      { tabId: 6, format: 'md' },
      { findWorker, findPageExport: noPage, fallback: noFallback },
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'network', message: 'The export did not finish: out of memory' },
    });
  });

  it('calls the background page where it is no service worker (Firefox), and owns what it answers', async () => {
    const background = {};
    const asked: ExportRequest[] = [];
    serveExportsToPages(background, async (request) => {
      asked.push(request);
      return ok(prepared(request), ['Not every message could be loaded.']);
    });
    const request: ExportRequest = { tabId: 4, format: 'md' };
    const result = await requestExport(request, {
      findWorker: noWorker,
      findPageExport: pageExportOf(background),
      fallback: noFallback,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(asked).toEqual([request]);
    expect(result.warnings).toEqual(['Not every message could be loaded.']);
    expect(result.value).toMatchObject(head(request));
    expect(result.value.body.type).toBe('text/markdown;charset=utf-8');
    expect(await result.value.body.text()).toBe(bigMarkdown);
  });

  it("gives the background page's typed errors, a malformed request's too", async () => {
    const background = {};
    serveExportsToPages(background, async () => {
      throw new Error('worker stopped');
    });
    const pageExport = pageExportOf(background);
    const thrown = await requestExport(
      { tabId: 2, format: 'csv' },
      { findWorker: noWorker, findPageExport: pageExport, fallback: noFallback },
    );
    expect(thrown).toEqual({
      ok: false,
      error: { code: 'network', message: 'The export did not finish: worker stopped' },
    });
    const exported = await pageExport();
    const malformed = await exported?.({ tabId: 'seven', format: 'md' });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'unexpected-shape' } });
  });

  it('uses runtime messaging where neither a service worker nor a background page is reached', async () => {
    const result = await requestExport(
      { tabId: 3, format: 'json' },
      { findWorker: noWorker, findPageExport: noPage, fallback: async (request) => ok(file(request)) },
    );
    expect(result).toMatchObject({ ok: true, value: { fileName: '2026-01-01 A long chat.json' } });
    expect(result.ok && (await result.value.body.text())).toBe(bigMarkdown);
  });
});

describe('serveExportsOverPorts: a posted message of any shape', () => {
  const posted = (request: unknown) => ({ kind: 'chat-lens:exportConversation', request });
  /** Posts `data` with a port, as a page would; collects what comes back on it. */
  const postWithPort = (scope: MessageScope & EventTarget, data: unknown): unknown[] => {
    const channel = new MessageChannel();
    const answers: unknown[] = [];
    channel.port1.onmessage = (event) => answers.push(event.data);
    scope.dispatchEvent(new MessageEvent('message', { data, ports: [channel.port2] }));
    return answers;
  };
  /** Until the first answer came back: on a busy machine that can take longer than any fixed wait. */
  const answered = (answers: unknown[]) =>
    vi.waitFor(() => expect(answers).not.toHaveLength(0), { timeout: 10_000, interval: 5 });
  /** A moment for an answer that must not come to show itself, were it sent. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  /** The worker's side answers with the request it read, so a test sees what reached the export. */
  const echo = async (request: ExportRequest) =>
    ok<PreparedExport>({ ...head(request), pieces: () => [JSON.stringify(request)] });

  it('exports with options of the wrong type read as absent, unknown members dropped', async () => {
    const { scope } = workerPair();
    serveExportsOverPorts(scope, echo);
    const answers = postWithPort(
      scope,
      posted({
        tabId: 4,
        format: 'md',
        options: { citations: 'sideways', includeHiddenAndTools: true, x: 1 },
      }),
    );
    await answered(answers);
    expect(answers).toHaveLength(1);
    const [answer] = answers as [Result<ReceivedExport>];
    if (!answer.ok) throw new Error(answer.error.message);
    expect(JSON.parse(await answer.value.body.text())).toEqual({
      tabId: 4,
      format: 'md',
      options: { includeHiddenAndTools: true },
    });
  });

  it.each([
    ['no tab id', { format: 'md' }, 'tabId'],
    ['a tab id that is no integer', { tabId: '4', format: 'md' }, 'tabId'],
    ['a negative tab id', { tabId: -1, format: 'md' }, 'tabId'],
    ['an unknown format', { tabId: 4, format: 'pdf' }, 'format'],
    ['no object', 'export please', 'the message'],
  ])('answers a request with %s with a typed error naming the member', async (_name, request, member) => {
    const { scope } = workerPair();
    serveExportsOverPorts(scope, echo);
    const answers = postWithPort(scope, posted(request));
    await answered(answers);
    expect(answers).toEqual([
      {
        ok: false,
        error: { code: 'unexpected-shape', message: `The export request is malformed: ${member}.` },
      },
    ]);
  });

  it('leaves another message, or one without a port, unanswered and still answers the next one', async () => {
    const { scope, findWorker } = workerPair();
    serveExportsOverPorts(scope, async (request) => ok(prepared(request)));
    const other = postWithPort(scope, { kind: 'other', request: { tabId: 4, format: 'md' } });
    scope.dispatchEvent(new MessageEvent('message', { data: posted({ tabId: 5, format: 'md' }) }));
    const result = await requestExport(
      { tabId: 5, format: 'md' },
      { findWorker, findPageExport: noPage, fallback: noFallback },
    );
    expect(result.ok && (await result.value.body.text())).toBe(bigMarkdown);
    await settle();
    expect(other).toEqual([]);
  });
});
