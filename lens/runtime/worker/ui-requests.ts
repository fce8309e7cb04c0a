import * as v from 'valibot';
import { requestedExportOptions } from '@/lens/export/export-options';
import { EXPORT_FORMAT_IDS } from '@/lens/export/formats';
import {
  type AccountRunRequest,
  type AccountRunStatus,
  accountRunRequestSchema,
} from '@/lens/runtime/contract/account-run';
import type { ExportFile } from '@/lens/runtime/contract/export-file';
import type { ExportRequest, TabRequest } from '@/lens/runtime/contract/protocol';
import { fail, ok, type Result } from '@/lib/model/result';
import type { OffersRefreshState } from '@/lib/snapshot/snapshot-base';
import type { AccountRun } from './account-run';
import type { LensWorker } from './lens-worker';

/*
 * What the popup and the side panel ask of the worker (contract/protocol.ts, contract/export-port.ts),
 * checked where the worker receives it: a message is any value another extension page chose to send, so its
 * shape is read, never trusted (architecture "Tolerant reader": a typed error result, never a throw).
 */

/** A tab id as the browser gives it: a whole number, 0 or more. */
const tabIdSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * An option of the wrong type reads as absent, so the export runs with its default
 * (architecture "Tolerant reader").
 */
const lenient = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const tabRequestSchema = v.object({ tabId: tabIdSchema });

const exportRequestSchema = v.object({
  tabId: tabIdSchema,
  format: v.picklist(EXPORT_FORMAT_IDS),
  options: lenient(requestedExportOptions),
});

function parseRequest<Schema extends v.GenericSchema>(
  what: string,
  schema: Schema,
  data: unknown,
): Result<v.InferOutput<Schema>> {
  const parsed = v.safeParse(schema, data);
  if (parsed.success) return ok(parsed.output);
  // The members at fault, by name only: a message's values are not echoed into an error.
  const members = [...new Set(parsed.issues.map((issue) => v.getDotPath(issue) ?? 'the message'))];
  return fail('unexpected-shape', `The ${what} request is malformed: ${members.join(', ')}.`);
}

export const parseTabRequest = (data: unknown): Result<TabRequest> =>
  parseRequest('tab', tabRequestSchema, data);

export const parseExportRequest = (data: unknown): Result<ExportRequest> =>
  parseRequest('export', exportRequestSchema, data);

export const parseAccountRunRequest = (data: unknown): Result<AccountRunRequest> =>
  parseRequest('account run', accountRunRequestSchema, data);

/** The worker's answers to the UI's runtime messages, each over a value of any shape. */
export interface UiRequestHandlers {
  /** A malformed refresh asks for nothing, as it expects no answer. */
  refresh(data: unknown): Promise<void>;
  refreshOffers(data: unknown): Promise<Result<OffersRefreshState>>;
  exportConversation(data: unknown): Promise<Result<ExportFile>>;
  readyExport(data: unknown): Promise<Result<boolean>>;
  accountRun(data: unknown): Promise<Result<AccountRunStatus>>;
}

export function uiRequestHandlers(
  worker: Promise<LensWorker>,
  accountRun: Promise<AccountRun>,
): UiRequestHandlers {
  /** A handler of an export request, read before the worker sees it. */
  const onExportRequest =
    <T>(answer: (lens: LensWorker, request: ExportRequest) => Promise<Result<T>>) =>
    async (data: unknown): Promise<Result<T>> => {
      const request = parseExportRequest(data);
      return request.ok ? answer(await worker, request.value) : request;
    };
  return {
    async accountRun(data) {
      const request = parseAccountRunRequest(data);
      if (!request.ok) return request;
      return (await accountRun).handle(request.value);
    },
    async refresh(data) {
      const request = parseTabRequest(data);
      if (request.ok) await (await worker).refresh(request.value.tabId);
    },
    async refreshOffers(data) {
      const request = parseTabRequest(data);
      if (!request.ok) return request;
      return (await worker).refreshOffers(request.value.tabId);
    },
    exportConversation: onExportRequest((lens, { tabId, format, options }) =>
      lens.exportConversation(tabId, format, options),
    ),
    readyExport: onExportRequest((lens, { tabId, format, options }) =>
      lens.readyExport(tabId, format, options),
    ),
  };
}
