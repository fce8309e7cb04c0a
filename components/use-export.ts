import { useCallback, useMemo, useState } from 'react';
import { formatInfo } from '@/lens/export/formats';
import { backgroundPageExport } from '@/lens/runtime/contract/background-page-export';
import { downloadFile } from '@/lens/runtime/contract/download-file';
import type { ExportFormat } from '@/lens/runtime/contract/export-file';
import { requestExport } from '@/lens/runtime/contract/export-port';
import { sendMessage } from '@/lens/runtime/contract/protocol';
import { exportOptionsOf, type Settings } from '@/lens/runtime/contract/settings';

export type ExportDelivery = 'download' | 'clipboard';

export type ExportStatus =
  | { kind: 'idle' }
  | { kind: 'working'; format: ExportFormat; delivery: ExportDelivery }
  | { kind: 'done'; message: string; warnings: string[] }
  | { kind: 'failed'; message: string };

export function formatName(format: ExportFormat): string {
  return formatInfo(format).label;
}

/**
 * Asks the worker for the export (the same writers as `inspect`), then downloads it or copies it. One at a
 * time: a 10,000-message conversation may first load its older pages. `ready` asks the worker to write the
 * file's body before the click (architecture "A file readied before the click"); `readied` is the format
 * it last said it wrote, until the next export.
 */
export function useExport(tabId: number, settings: Settings) {
  const [status, setStatus] = useState<ExportStatus>({ kind: 'idle' });
  const [readied, setReadied] = useState<ExportFormat | null>(null);
  // One request for the readying and the click: the worker gives the click a body readied with the same choices.
  const options = useMemo(() => exportOptionsOf(settings), [settings]);
  const ready = useCallback(
    (format: ExportFormat): void => {
      sendMessage('readyExport', { tabId, format, options }).then(
        (result) => setReadied(result.ok && result.value ? format : null),
        // Nothing is lost: the click writes the whole file, and says what went wrong, if anything.
        () => setReadied(null),
      );
    },
    [tabId, options],
  );
  const run = useCallback(
    async (format: ExportFormat, delivery: ExportDelivery): Promise<void> => {
      setReadied(null);
      setStatus({ kind: 'working', format, delivery });
      try {
        const result = await requestExport(
          { tabId, format, options },
          {
            findPageExport: backgroundPageExport,
            fallback: (request) => sendMessage('exportConversation', request),
          },
        );
        if (!result.ok) {
          setStatus({ kind: 'failed', message: result.error.message });
          return;
        }
        const file = result.value;
        if (delivery === 'clipboard') await navigator.clipboard.writeText(await file.body.text());
        else downloadFile(document, file);
        const message =
          delivery === 'clipboard' ? `Copied as ${formatName(format)}.` : `Saved ${file.fileName}.`;
        setStatus({ kind: 'done', message, warnings: result.warnings });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        setStatus({ kind: 'failed', message: `The export did not finish: ${reason}` });
      }
    },
    [tabId, options],
  );
  return { status, run, ready, readied };
}
