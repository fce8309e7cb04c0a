import { type JSX, useRef } from 'react';
import { formatName, useExport } from '@/components/use-export';
import { useViewStore } from '@/components/views/view-store';
import { EXTENSION_EXPORT_FORMATS } from '@/lens/export/formats';
import type { Settings } from '@/lens/runtime/contract/settings';
import { ExportMenu, type ExportMenuItem } from './ExportMenu';

/**
 * The one-click export: the primary button writes the default format, readied as the pointer or the focus
 * comes to it; the menu beside it offers each format and a copy. The status line says what is going on: a
 * 10,000-message export first loads the older pages.
 */
export function ExportControls({ tabId, settings }: { tabId: number; settings: Settings }): JSX.Element {
  const { status, run, ready, readied } = useExport(tabId, settings);
  const menuOpen = useViewStore((state) => state.exportMenuOpen);
  const setMenuOpen = useViewStore((state) => state.setExportMenuOpen);
  const menuButton = useRef<HTMLButtonElement>(null);
  const working = status.kind === 'working';
  const items: ExportMenuItem[] = [
    ...EXTENSION_EXPORT_FORMATS.map(({ id, label }) => ({
      label: `Export ${label}`,
      run: () => void run(id, 'download'),
    })),
    { label: 'Copy as Markdown', run: () => void run('md', 'clipboard') },
  ];
  return (
    <div className="export">
      <div className="export__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={working}
          onClick={() => void run(settings.defaultFormat, 'download')}
          // A user's pointer or focus reaches the button before the click: the file is written meanwhile.
          onPointerEnter={() => ready(settings.defaultFormat)}
          onFocus={() => ready(settings.defaultFormat)}
          data-readied={readied === settings.defaultFormat ? 'true' : undefined}
        >
          Export
          <span className="visually-hidden"> as {formatName(settings.defaultFormat)}</span>
        </button>
        <button
          type="button"
          ref={menuButton}
          className="button button--primary button--menu"
          aria-label="More export options"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'export-menu' : undefined}
          disabled={working}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">▾</span>
        </button>
        {menuOpen && (
          <ExportMenu
            items={items}
            onClose={(returnFocus) => {
              setMenuOpen(false);
              if (returnFocus) menuButton.current?.focus();
            }}
          />
        )}
      </div>
      <p
        className={`export__status export__status--${status.kind}`}
        role="status"
        data-testid="export-status"
      >
        {status.kind === 'working' &&
          (status.delivery === 'clipboard'
            ? `Copying as ${formatName(status.format)}…`
            : `Exporting ${formatName(status.format)}… (older messages load first)`)}
        {status.kind === 'done' && status.message}
        {status.kind === 'failed' && status.message}
        {status.kind === 'done' && status.warnings.length > 0 && ` ${status.warnings.join(' ')}`}
      </p>
    </div>
  );
}
