import { isRecord, type JsonRecord, readString } from './json-read';
import { renderContentText } from './message-content';
import { parseJson } from './parse-json';

/**
 * A deep research's report where the page shows it in a frame (site-interface 10.9): the answer's own text is
 * empty and `metadata.chatgpt_sdk.widget_state`, a JSON string or an object, holds the report. Public readers
 * of the site find it under `report_message`, a message object whose content is the report's Markdown and
 * whose metadata may carry its `content_references`; `report`, `content`, `markdown` and `text` (a string or
 * such an object) are read too, and references beside the report as well as in it. A widget state with no
 * report (a research still running: `status`, `progress`) is none.
 */
export interface ResearchReport {
  /** The report's Markdown, as its message's text would be. */
  text: string;
  /** Its `content_references`, as an answer's metadata holds them; empty when it names none. */
  references: unknown[];
}

/** The members a report sits under, most telling first. */
const REPORT_MEMBERS = ['report_message', 'report', 'content', 'markdown', 'text', 'message'] as const;

/** Deeper than any report seen; bounds the work on hostile input. */
const MAX_DEPTH = 4;

function widgetState(metadata: JsonRecord): JsonRecord | null {
  const sdk = metadata.chatgpt_sdk;
  const raw = isRecord(sdk) ? sdk.widget_state : metadata['chatgpt_sdk.widget_state'];
  if (typeof raw !== 'string') return isRecord(raw) ? raw : null;
  const parsed = parseJson(raw);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : null;
}

function referencesOf(holder: JsonRecord): unknown[] {
  const metadata = isRecord(holder.metadata) ? holder.metadata : holder;
  const references = metadata.content_references;
  return Array.isArray(references) ? references : [];
}

function reportIn(value: unknown, depth: number): ResearchReport | null {
  const direct = readString(value);
  if (direct !== null) return direct.trim() === '' ? null : { text: direct, references: [] };
  if (!isRecord(value) || depth >= MAX_DEPTH) return null;
  // A message object: its content reads as any message's does.
  if (isRecord(value.content) && ('parts' in value.content || 'content_type' in value.content)) {
    const text = renderContentText(value.content);
    return text.trim() === '' ? null : { text, references: referencesOf(value) };
  }
  for (const member of REPORT_MEMBERS) {
    const report = reportIn(value[member], depth + 1);
    if (report === null) continue;
    return report.references.length > 0 ? report : { ...report, references: referencesOf(value) };
  }
  return null;
}

/** The report a message's widget state holds; null when it holds none. */
export function readResearchReport(metadata: JsonRecord): ResearchReport | null {
  const state = widgetState(metadata);
  return state === null ? null : reportIn(state, 0);
}
