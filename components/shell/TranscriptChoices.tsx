import type { JSX } from 'react';
import type {
  BranchDetail,
  ReasoningDetail,
  ToolCallDetail,
  TranscriptOptions,
} from '@/lib/export/transcript-options';
import { ChoiceSelect } from './ChoiceSelect';

const REASONING_LABELS: Array<[ReasoningDetail, string]> = [
  ['full', 'Whole'],
  ['summary', 'Summary only'],
  ['none', 'None'],
];

const TOOL_CALL_LABELS: Array<[ToolCallDetail, string]> = [
  ['shown', 'Shown'],
  ['none', 'Left out'],
];

const BRANCH_LABELS: Array<[BranchDetail, string]> = [
  ['active', 'The one shown'],
  ['all', 'Every version'],
];

/** What the Markdown transcript writes besides the prompts and answers (export-format "Options"). */
export function TranscriptChoices({
  chosen,
  onChange,
}: {
  chosen: TranscriptOptions;
  onChange: (change: Partial<TranscriptOptions>) => void;
}): JSX.Element {
  return (
    <fieldset className="settings__group">
      <legend>Transcript in Markdown and HTML</legend>
      <ChoiceSelect
        label="Reasoning"
        value={chosen.reasoning}
        options={REASONING_LABELS}
        onChange={(reasoning) => onChange({ reasoning })}
      />
      <ChoiceSelect
        label="Tool calls"
        value={chosen.toolCalls}
        options={TOOL_CALL_LABELS}
        onChange={(toolCalls) => onChange({ toolCalls })}
      />
      <ChoiceSelect
        label="Branches"
        value={chosen.branches}
        options={BRANCH_LABELS}
        onChange={(branches) => onChange({ branches })}
      />
      <label className="settings__row settings__row--check">
        <input
          type="checkbox"
          checked={chosen.timestamps === 'on'}
          onChange={(event) => onChange({ timestamps: event.target.checked ? 'on' : 'off' })}
        />
        <span>Time of each prompt (UTC)</span>
      </label>
    </fieldset>
  );
}
