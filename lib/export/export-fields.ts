import { conversationPageUrl } from '@/lib/capture/endpoint';
import type { Conversation } from '@/lib/model/conversation';
import { isoTime } from './iso-time';

/**
 * The facts of a conversation a file-name or front-matter template can name, as `{field}`
 * (export-format "Templates"). One list, so the settings, `inspect` and the docs offer the same fields.
 */
export const EXPORT_FIELDS = {
  title: 'the conversation title',
  date: 'the day it started, YYYY-MM-DD (UTC; the day of the export when unknown)',
  time: 'the time it started, HH-MM (UTC)',
  id: "the conversation's id",
  model: 'the model that answered',
  url: 'its address on chatgpt.com',
  created: 'when it started, ISO 8601',
  updated: 'when it last changed, ISO 8601',
  exported: 'when it was exported, ISO 8601',
} as const;

export type ExportField = keyof typeof EXPORT_FIELDS;

/** Each field's value; null where the conversation does not tell (no id, no model, no start time). */
export type ExportFieldValues = Readonly<Record<ExportField, string | null>>;

const FIELD_NAMES = Object.keys(EXPORT_FIELDS) as ExportField[];

/** A Date of years 1 to 9999 only: outside them toISOString() gives "+010000-…" or throws. */
function usableDate(timeMs: number | null): Date | null {
  if (timeMs === null) return null;
  const date = new Date(timeMs);
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : null;
}

/** The day a conversation started, YYYY-MM-DD in UTC; null when unknown. */
export function startedDay(conversation: Conversation): string | null {
  return usableDate(conversation.createTimeMs)?.toISOString().slice(0, 10) ?? null;
}

export function exportFieldValues(conversation: Conversation, exportedAt: Date): ExportFieldValues {
  const started = usableDate(conversation.createTimeMs);
  const day = started ?? usableDate(exportedAt.getTime());
  return {
    title: conversation.title,
    date: day === null ? null : day.toISOString().slice(0, 10),
    time: started === null ? null : started.toISOString().slice(11, 16).replace(':', '-'),
    id: conversation.id,
    model: conversation.modelSlug,
    url: conversation.id === null ? null : conversationPageUrl(conversation.id),
    created: isoTime(conversation.createTimeMs),
    updated: isoTime(conversation.updateTimeMs),
    exported: isoTime(exportedAt.getTime()),
  };
}

/** `{field}`: what stands between braces is checked against the field names, so a typo is reported, never written out. */
const PLACEHOLDER = /\{([^{}]*)\}/g;

const isField = (name: string): name is ExportField => (FIELD_NAMES as string[]).includes(name);

/** What is wrong with a template, in words for the settings and `inspect`; null when it can be used. */
export function templateProblem(template: string): string | null {
  for (const [, name] of template.matchAll(PLACEHOLDER))
    if (!isField(name ?? '')) return `{${name}} is not a field: use ${fieldList()}.`;
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) return 'A { or } has no partner.';
  return null;
}

export const fieldList = (): string => FIELD_NAMES.map((name) => `{${name}}`).join(', ');

/**
 * The template with each `{field}` replaced by `written(value)`, its value (null when unknown). A template that
 * `templateProblem` refuses is never filled: the callers check it where it is chosen.
 */
export function fillTemplate(
  template: string,
  values: ExportFieldValues,
  written: (value: string | null, field: ExportField) => string = (value) => value ?? '',
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    isField(name) ? written(values[name], name) : whole,
  );
}

/** The field a template is made of alone (`{title}`), so its value may stay null; else null. */
export function onlyField(template: string): ExportField | null {
  const match = /^\{([^{}]*)\}$/.exec(template.trim());
  const name = match?.[1] ?? '';
  return isField(name) ? name : null;
}
