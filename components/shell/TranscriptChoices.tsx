import type { JSX } from 'react';
import type {
  BranchDetail,
  ReasoningDetail,
  ToolCallDetail,
  TranscriptOptions,
} from '@/lib/export/transcript-options';

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
      <legend>Markdown transcript</legend>
      <label className="settings__row">
        <span>Reasoning</span>
        <select
          value={chosen.reasoning}
          onChange={(event) => onChange({ reasoning: event.target.value as ReasoningDetail })}
        >
          {REASONING_LABELS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="settings__row">
        <span>Tool calls</span>
        <select
          value={chosen.toolCalls}
          onChange={(event) => onChange({ toolCalls: event.target.value as ToolCallDetail })}
        >
          {TOOL_CALL_LABELS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="settings__row">
        <span>Branches</span>
        <select
          value={chosen.branches}
          onChange={(event) => onChange({ branches: event.target.value as BranchDetail })}
        >
          {BRANCH_LABELS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
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
