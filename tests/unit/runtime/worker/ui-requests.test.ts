import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExportFile } from '@/lens/runtime/contract/export-file';
import type { AccountRun } from '@/lens/runtime/worker/account-run';
import type { LensWorker } from '@/lens/runtime/worker/lens-worker';
import {
  parseAccountRunRequest,
  parseExportRequest,
  parseTabRequest,
  uiRequestHandlers,
} from '@/lens/runtime/worker/ui-requests';
import { fail, ok } from '@/lib/model/result';
import type { OffersRefreshState } from '@/lib/snapshot/snapshot-base';

/**
 * A worker that answers what it was asked in its results: tab 1 holds a conversation, any other tab
 * none; its refresh of tab 1 is recorded in `refreshed` (what the tab lens would show).
 */
function answeringWorker() {
  const refreshed: number[] = [];
  const offers: OffersRefreshState = {
    running: false,
    done: 3,
    total: 3,
    failures: 0,
    rateLimitedUntil: null,
    error: null,
  };
  const worker = {
    refresh: async (tabId: number) => {
      refreshed.push(tabId);
    },
    refreshOffers: async (tabId: number) =>
      tabId === 1 ? ok(offers) : fail<OffersRefreshState>('not-found', 'No conversation.'),
    exportConversation: async (tabId, format, options) =>
      tabId === 1
        ? ok<ExportFile>({
            fileName: `chat.${format}`,
            mimeType: 'text/plain',
            text: JSON.stringify(options),
          })
        : fail<ExportFile>('not-found', 'No conversation.'),
    readyExport: async (tabId, format) => ok(tabId === 1 && format === 'md'),
  } as Pick<LensWorker, 'refresh' | 'refreshOffers' | 'exportConversation' | 'readyExport'> as LensWorker;
  // The account run is not asked for here: its requests are read by parseAccountRunRequest below.
  const accountRun = new Promise<AccountRun>(() => undefined);
  return { handlers: uiRequestHandlers(Promise.resolve(worker), accountRun), refreshed, offers };
}

describe('UI requests, read where the worker receives them (valibot)', () => {
  it('reads a well-formed tab request and export request as sent', () => {
    expect(parseTabRequest({ tabId: 12 })).toEqual(ok({ tabId: 12 }));
    expect(
      parseExportRequest({ tabId: 12, format: 'sources-csv', options: { citations: 'footnotes' } }),
    ).toMatchObject({
      ok: true,
      value: { tabId: 12, format: 'sources-csv', options: { citations: 'footnotes' } },
    });
  });

  it('reads an account run request, and a ZIP format it does not know as none asked for', () => {
    expect(parseAccountRunRequest({ action: 'start', zipFormat: 'html' })).toMatchObject({
      ok: true,
      value: { action: 'start', zipFormat: 'html' },
    });
    expect(parseAccountRunRequest({ action: 'start', zipFormat: 'docx' })).toMatchObject({
      ok: true,
      value: { action: 'start', zipFormat: undefined },
    });
    expect(parseAccountRunRequest({ action: 'explode' })).toEqual(
      fail('unexpected-shape', 'The account run request is malformed: action.'),
    );
  });

  it('names the members at fault, never their values', () => {
    const canary = 'CANARY-tab-id-value';
    const result = parseExportRequest({ tabId: canary, format: 'docx' });
    expect(result).toEqual(fail('unexpected-shape', 'The export request is malformed: tabId, format.'));
    expect(JSON.stringify(result)).not.toContain(canary);
  });

  it('answers a well-formed request with the worker’s own result', async () => {
    const { handlers, refreshed, offers } = answeringWorker();
    await handlers.refresh({ tabId: 1 });
    expect(refreshed).toEqual([1]);
    expect(await handlers.refreshOffers({ tabId: 1 })).toEqual(ok(offers));
    expect(await handlers.refreshOffers({ tabId: 2 })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    const exported = await handlers.exportConversation({
      tabId: 1,
      format: 'md',
      options: {
        citations: 'footnotes',
        includeHiddenAndTools: 'yes',
        fileNameTemplate: '{title} {tilte}',
        frontMatterTemplate: 'tags: chatgpt',
        reasoning: 'none',
        toolCalls: 'hidden',
        timestamps: 'on',
        branches: 'every',
      },
    });
    // A member the export cannot use (a typo in a template, an unknown choice) is dropped: the export keeps
    // its default.
    expect(exported.ok && JSON.parse(exported.value.text)).toEqual({
      citations: 'footnotes',
      frontMatterTemplate: 'tags: chatgpt',
      reasoning: 'none',
      timestamps: 'on',
    });
    expect(await handlers.readyExport({ tabId: 1, format: 'md' })).toEqual(ok(true));
    expect(await handlers.readyExport({ tabId: 1, format: 'zip' })).toEqual(ok(false));
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'refresh tab 1'],
    ['a tab id as text', { tabId: '1' }],
    ['a fractional tab id', { tabId: 1.5 }],
    ['an array', [1]],
  ])('answers %s with a typed error, and refreshes nothing', async (_name, data) => {
    const { handlers, refreshed } = answeringWorker();
    await handlers.refresh(data);
    expect(refreshed).toEqual([]);
    expect(await handlers.refreshOffers(data)).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape' },
    });
    for (const answer of [await handlers.exportConversation(data), await handlers.readyExport(data)])
      expect(answer).toMatchObject({ ok: false, error: { code: 'unexpected-shape' } });
  });

  it('never throws, whatever a page sends: a result for every value', async () => {
    const { handlers } = answeringWorker();
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (data) => {
        await expect(handlers.refresh(data)).resolves.toBeUndefined();
        const results = [
          await handlers.refreshOffers(data),
          await handlers.exportConversation(data),
          await handlers.readyExport(data),
        ];
        for (const result of results) {
          expect(result.ok || result.error.code === 'unexpected-shape').toBe(true);
        }
      }),
    );
  });
});
