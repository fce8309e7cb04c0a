import type { JSX } from 'react';
import { fieldList, templateProblem } from '@/lib/export/export-fields';
import { DEFAULT_FILE_NAME_TEMPLATE } from '@/lib/export/file-name';
import { DEFAULT_FRONT_MATTER_TEMPLATE, frontMatterTemplateProblem } from '@/lib/export/yaml-front-matter';
import { DraftField, type DraftReading } from './DraftField';

/** A template's text as the setting it becomes, or what is wrong with it (export-format "Templates"). */
function templateReading(problemOf: (template: string) => string | null) {
  return (text: string): DraftReading<string> => {
    const problem = problemOf(text);
    return problem === null ? { ok: true, value: text } : { ok: false, message: problem };
  };
}

/** An empty file-name template would name every file after its id alone: the default serves better. */
const readFileName = (text: string): DraftReading<string> =>
  text.trim() === ''
    ? { ok: true, value: DEFAULT_FILE_NAME_TEMPLATE }
    : templateReading(templateProblem)(text);

const readFrontMatter = templateReading(frontMatterTemplateProblem);

const same = (text: string): string => text;

/** How exported files are named and what the Markdown's front matter holds, as templates of `{field}`s. */
export function ExportTemplates({
  fileName,
  frontMatter,
  onChange,
}: {
  fileName: string;
  frontMatter: string;
  onChange: (change: { fileNameTemplate?: string; frontMatterTemplate?: string }) => void;
}): JSX.Element {
  return (
    <fieldset className="settings__group">
      <legend>File names and front matter</legend>
      <DraftField
        label="File name"
        value={fileName}
        textOf={same}
        read={readFileName}
        onCommit={(fileNameTemplate) => onChange({ fileNameTemplate })}
        hint={`Fields: ${fieldList()}. Empty: ${DEFAULT_FILE_NAME_TEMPLATE}.`}
        wide
        input={{ spellCheck: false, placeholder: DEFAULT_FILE_NAME_TEMPLATE }}
      />
      <DraftField
        label="Markdown front matter (one key: value a line)"
        value={frontMatter}
        textOf={same}
        read={readFrontMatter}
        onCommit={(frontMatterTemplate) => onChange({ frontMatterTemplate })}
        hint="Values may use the same fields; each is written as a quoted YAML string. Empty: no front matter."
        multiline
      />
      <button
        type="button"
        className="settings__reset"
        disabled={fileName === DEFAULT_FILE_NAME_TEMPLATE && frontMatter === DEFAULT_FRONT_MATTER_TEMPLATE}
        onClick={() =>
          onChange({
            fileNameTemplate: DEFAULT_FILE_NAME_TEMPLATE,
            frontMatterTemplate: DEFAULT_FRONT_MATTER_TEMPLATE,
          })
        }
      >
        Restore the defaults
      </button>
    </fieldset>
  );
}
