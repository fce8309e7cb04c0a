import * as v from 'valibot';
import { templateProblem } from '@/lib/export/export-fields';
import { DEFAULT_FILE_NAME_TEMPLATE } from '@/lib/export/file-name';
import {
  BRANCH_DETAILS,
  DEFAULT_TRANSCRIPT_OPTIONS,
  REASONING_DETAILS,
  TIMESTAMP_DETAILS,
  TOOL_CALL_DETAILS,
} from '@/lib/export/transcript-options';
import { DEFAULT_FRONT_MATTER_TEMPLATE, frontMatterTemplateProblem } from '@/lib/export/yaml-front-matter';
import { CITATION_STYLES } from './formats';

/** Longer than any template a reader writes by hand, short enough to keep the settings small. */
export const MAX_TEMPLATE_LENGTH = 2_000;

/** A file-name template the export can use: its fields known, its braces paired. */
const fileNameTemplateSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_TEMPLATE_LENGTH),
  v.check((template) => templateProblem(template) === null),
);

/** A front-matter template the export can use: plain keys, each once, each value's fields known. */
const frontMatterTemplateSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_TEMPLATE_LENGTH),
  v.check((template) => frontMatterTemplateProblem(template) === null),
);

/**
 * Every choice an export takes besides its format and time, declared once: the settings store them, the
 * views send them with each export, and the writers read them (export-format "Options" and "Templates").
 */
export const EXPORT_CHOICE_SCHEMAS = {
  /** Markdown and HTML: cited markers as inline links (the default) or as footnotes. */
  citations: v.picklist(CITATION_STYLES),
  /** Markdown and HTML: hidden messages (system prompt, custom instructions) and tools' whole output too. */
  includeHiddenAndTools: v.boolean(),
  /**
   * ZIP and HTML: the images the page shows, fetched through the rate governor (export-format
   * "Images and files"); off by default, as each image is a request to chatgpt.com.
   */
  includeImages: v.boolean(),
  reasoning: v.picklist(REASONING_DETAILS),
  toolCalls: v.picklist(TOOL_CALL_DETAILS),
  timestamps: v.picklist(TIMESTAMP_DETAILS),
  branches: v.picklist(BRANCH_DETAILS),
  /** The Markdown front matter's `key: {field}` lines; empty for none. */
  frontMatterTemplate: frontMatterTemplateSchema,
  /** The saved file's name before its extension. */
  fileNameTemplate: fileNameTemplateSchema,
};

type ChoiceSchemas = typeof EXPORT_CHOICE_SCHEMAS;

/** Every export choice with a value. */
export type ExportChoices = { [Choice in keyof ChoiceSchemas]: v.InferOutput<ChoiceSchemas[Choice]> };

/** What an export is told: each choice left unsaid takes its default. */
export type ExportOptions = Partial<ExportChoices>;

/** What a reader gets when they choose nothing. */
export const DEFAULT_EXPORT_CHOICES: ExportChoices = {
  citations: 'inline',
  includeHiddenAndTools: false,
  includeImages: false,
  ...DEFAULT_TRANSCRIPT_OPTIONS,
  frontMatterTemplate: DEFAULT_FRONT_MATTER_TEMPLATE,
  fileNameTemplate: DEFAULT_FILE_NAME_TEMPLATE,
};

type Choice = keyof ChoiceSchemas;
const CHOICES = Object.keys(EXPORT_CHOICE_SCHEMAS) as Choice[];

/**
 * A schema per choice, made by `make`: the one place the list of choices is walked. Built from the list,
 * the schemas' outputs are not inferred member by member, so the two schemas below are typed by hand.
 */
const perChoice = (make: (choice: Choice) => v.GenericSchema): Record<Choice, v.GenericSchema> =>
  Object.fromEntries(CHOICES.map((choice) => [choice, make(choice)])) as Record<Choice, v.GenericSchema>;

/**
 * The choices as the settings store them, to spread into the settings' object schema: each falls back to
 * its default on its own (architecture "Tolerant reader"), so a bad value resets that choice alone.
 */
export const storedExportChoices = perChoice((choice) =>
  v.fallback(EXPORT_CHOICE_SCHEMAS[choice] as v.GenericSchema, DEFAULT_EXPORT_CHOICES[choice]),
);

/**
 * The options an extension page sends with an export: one of the wrong type reads as absent, so the export
 * runs with its default (architecture "Tolerant reader").
 */
export const requestedExportOptions = v.object(
  perChoice((choice) => v.fallback(v.optional(EXPORT_CHOICE_SCHEMAS[choice] as v.GenericSchema), undefined)),
) as v.GenericSchema<unknown, ExportOptions>;

/** Every choice, the one left unsaid taking its default. */
export const choicesWithDefaults = (options: ExportOptions): ExportChoices =>
  Object.fromEntries(
    CHOICES.map((choice) => [choice, options[choice] ?? DEFAULT_EXPORT_CHOICES[choice]]),
  ) as ExportChoices;

/** The export choices among `values` (the settings hold them beside others). */
export const exportChoicesOf = (values: ExportChoices): ExportChoices =>
  Object.fromEntries(CHOICES.map((choice) => [choice, values[choice]])) as ExportChoices;
