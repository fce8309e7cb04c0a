import type { JSX } from 'react';
import { useSettingsChange } from '@/components/use-settings-change';
import type { CitationStyle } from '@/features/sources/markdown-citations';
import { EXTENSION_EXPORT_FORMATS } from '@/lens/export/formats';
import type { DefaultExportFormat, Settings, ThemeChoice } from '@/lens/runtime/contract/settings';
import { changeSettings } from '@/lens/runtime/contract/settings-items';
import { ExportTemplates } from './ExportTemplates';
import { LibrarySettingsGroup } from './LibrarySettingsGroup';
import { TranscriptChoices } from './TranscriptChoices';

/** The settings form: every change is saved at once; both faces follow it. */
export function SettingsPanel({ settings }: { settings: Settings }): JSX.Element {
  const { change, problem } = useSettingsChange(changeSettings);
  return (
    <section className="settings" aria-labelledby="settings-title" id="settings-panel">
      <h2 id="settings-title">Settings</h2>
      {problem !== null && (
        <p className="banner banner--error" role="alert">
          {problem}
        </p>
      )}
      <form className="settings__form" onSubmit={(event) => event.preventDefault()}>
        <label className="settings__row">
          <span>Export button format</span>
          <select
            value={settings.defaultFormat}
            onChange={(event) => change({ defaultFormat: event.target.value as DefaultExportFormat })}
          >
            {EXTENSION_EXPORT_FORMATS.map(({ id, settingLabel }) => (
              <option key={id} value={id}>
                {settingLabel}
              </option>
            ))}
          </select>
        </label>
        <label className="settings__row settings__row--check">
          <input
            type="checkbox"
            checked={settings.includeHiddenAndTools}
            onChange={(event) => change({ includeHiddenAndTools: event.target.checked })}
          />
          <span>Include hidden and tool messages in Markdown and HTML</span>
        </label>
        <label className="settings__row settings__row--check">
          <input
            type="checkbox"
            checked={settings.includeImages}
            aria-describedby="include-images-hint"
            onChange={(event) => change({ includeImages: event.target.checked })}
          />
          <span>Include images in ZIP and HTML</span>
        </label>
        <p id="include-images-hint" className="settings__hint">
          Fetches each image the chat page shows, one request to chatgpt.com per image.
        </p>
        <fieldset className="settings__row settings__choices">
          <legend>Citations in Markdown and HTML</legend>
          {(
            [
              ['inline', 'Inline links'],
              ['footnotes', 'Footnotes'],
            ] as Array<[CitationStyle, string]>
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="citations"
                value={value}
                checked={settings.citations === value}
                onChange={() => change({ citations: value })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <TranscriptChoices chosen={settings} onChange={change} />
        <ExportTemplates
          fileName={settings.fileNameTemplate}
          frontMatter={settings.frontMatterTemplate}
          onChange={change}
        />
        <label className="settings__row">
          <span>Theme</span>
          <select
            value={settings.theme}
            onChange={(event) => change({ theme: event.target.value as ThemeChoice })}
          >
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <LibrarySettingsGroup library={settings.library} onChange={(library) => change({ library })} />
      </form>
    </section>
  );
}
