import type { QueryKind, SearchQuery } from '@/features/queries/queries';
import { type CitationPiece, resolveCitations } from '@/features/sources/citation-markers';
import { MAY_HOLD_MARKER, withoutMarkers } from '@/features/sources/citation-sweep';
import { readContentReferences } from '@/features/sources/content-references';
import {
  type CitationNumbers,
  citedMarkdown,
  type TurnFootnotes,
  turnPages,
  turnPagesMarkdown,
} from '@/features/sources/markdown-citations';
import type { Inspection } from '@/lens/insights/inspection';
import { groupBy } from '@/lib/export/group-by';
import { promptTimeLine } from '@/lib/export/iso-time';
import { agentCallLine, agentPageLine } from '@/lib/export/markdown-agent';
import { canvasMarkdown } from '@/lib/export/markdown-canvas';
import {
  autolink,
  blockquote,
  containMarkdown,
  inlineText,
  link,
  shortened,
} from '@/lib/export/markdown-text';
import type { MessageIndex } from '@/lib/export/message-index';
import type { ReasoningDetail, TranscriptOptions } from '@/lib/export/transcript-options';
import { agentStep, withFileNames } from '@/lib/insights/agent-mode';
import { type CanvasReport, readCanvases } from '@/lib/insights/canvas';
import { imagePrompt, isImageStep } from '@/lib/insights/image-tool';
import { type ResearchStep, researchStep } from '@/lib/insights/research-kickoff';
import { isToolChatter } from '@/lib/insights/tool-chatter';
import { toolCommand } from '@/lib/insights/tool-command';
import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import type { BranchMark } from '@/lib/model/every-branch';
import { isAnswerMessage } from '@/lib/model/turn-answer';
import { choicesWithDefaults, type ExportOptions } from './export-options';
import { type AssetNumbers, type AssetPathResolver, named, withAssets } from './markdown-assets';

/**
 * The conversation as the site shows it: the visible messages of the active branch in order, under a
 * heading per speaker. Hidden messages (the system prompt, custom instructions) are left out unless asked
 * for, as is a tool's whole output (one line by default) and what a tool tells the model (tool-chatter.ts); a
 * reasoning preamble is marked as one (site-interface 2.4), a tool call or a tool's output is one line, and the
 * answers' own Markdown (code blocks included) is kept, nested under the speaker's heading. Citation markers
 * show what the site shows in their place, and each turn's answer is followed by the pages it cited
 * (export-format "Sources and citation markers"). A canvas shows as its document, images and files by name,
 * a deep research's kickoff as its questions and its task, and an agent's run as what it did (site-interface
 * 10.9).
 */
const SPEAKER_HEADING_LEVEL = 3;
const SPEAKER_HEADING = '#'.repeat(SPEAKER_HEADING_LEVEL);
const TOOL_OUTPUT_PREVIEW_LENGTH = 160;

const QUERY_VERBS: Record<QueryKind, string> = {
  search: 'Searched',
  open: 'Opened',
  product: 'Looked up products',
};

type Speaker = 'User' | 'Assistant' | 'System';

function speakerOf(message: NormalizedMessage): Speaker {
  if (message.role === 'user') return 'User';
  if (message.role === 'system') return 'System';
  // Tools answer the assistant's calls: on the site their output is part of the assistant's answer.
  return 'Assistant';
}

const isToolCall = (message: NormalizedMessage): boolean =>
  message.role === 'assistant' && message.recipient !== null && message.recipient !== 'all';

/** An opened page by its title and URL when the conversation names it, else the URL, else the raw id. */
function queryWords(query: SearchQuery): string {
  if (query.page !== null) return link(query.page.title ?? query.page.url, query.page.url);
  if (query.kind === 'open' && /^https?:\/\/\S+$/i.test(query.text)) return autolink(query.text);
  return `"${inlineText(query.text)}"`;
}

function quotedList(queries: readonly SearchQuery[]): string {
  return queries.map(queryWords).join(', ');
}

/** `_Searched: "a", "b"_` for each kind of query the call ran, else `_Called web.run_`. */
function toolCallLine(message: NormalizedMessage, queries: readonly SearchQuery[]): string {
  const parts: string[] = [];
  for (const kind of Object.keys(QUERY_VERBS) as QueryKind[]) {
    const ofKind = queries.filter((query) => query.kind === kind);
    if (ofKind.length > 0) parts.push(`${QUERY_VERBS[kind]}: ${quotedList(ofKind)}`);
  }
  if (parts.length > 0) return `_${parts.join(' · ')}_`;
  return `_Called ${inlineText(message.recipient ?? 'a tool')}_`;
}

/**
 * The image tool's steps as the site shows them (export-format "Images and files"): the image asked for,
 * and the image once it came, whatever the tool is called; never its name or its JSON, and its words to the
 * model ("processing image", "GPT-4o returned 1 images…") only when hidden and tool messages are asked for.
 */
function imageStepBlock(message: NormalizedMessage, state: TranscriptState): string | null {
  if (message.role === 'assistant') {
    if (state.options.toolCalls !== 'shown') return null;
    const prompt = imagePrompt(message);
    return prompt === null ? '_Image requested_' : `_Image requested: "${inlineText(prompt)}"_`;
  }
  if (message.assets.length > 0)
    return `_Image generated_\n\n${withAssets('', message.assets, state.assetNumbers, state.assetPath)}`;
  // Its words, asked for in full, under the tool's name the site would give it, not its own.
  const words = message.text.trim();
  return state.whole && state.options.toolCalls === 'shown' && words !== ''
    ? blockquote(`_Image tool output_\n\n${containMarkdown(words, SPEAKER_HEADING_LEVEL + 1)}`)
    : null;
}

/**
 * An agent's step as what it did (export-format "Agent mode"): a call as its line, the computer's answer as
 * the page its browser went to (when it changed) and its screenshot, and what the other tools answered (a
 * command's output) quoted only when hidden and tool messages are asked for. All of it is how the agent
 * worked, like a search's call: left out with the tools' calls.
 */
function agentStepBlock(message: NormalizedMessage, state: TranscriptState): string | null | undefined {
  const step = agentStep(message);
  if (step === null) return undefined;
  if (state.options.toolCalls !== 'shown') return null;
  const call = agentCallLine(step);
  if (call !== null) return call;
  if (step.kind === 'view') {
    const page = step.page !== null && step.page.url !== state.agentPage ? agentPageLine(step.page) : null;
    if (step.page !== null) state.agentPage = step.page.url;
    const screenshot = withAssets('', message.assets, state.assetNumbers, state.assetPath);
    const shown = [page, screenshot].filter((piece) => piece !== null && piece !== '').join('\n\n');
    return shown === '' ? null : shown;
  }
  // A tool's reply that is JSON (a saved file's id) says nothing a reader needs.
  const words = message.text.trim();
  if (!state.whole || words === '' || toolCommand(words) !== null) return null;
  return blockquote(`_Agent output_\n\n${containMarkdown(words, SPEAKER_HEADING_LEVEL + 1)}`);
}

/** The first line of a tool's output: its headline ("Found 14 results"), the title of a quoted page. */
function toolOutputLine(message: NormalizedMessage): string {
  const tool = message.authorName ?? 'Tool';
  const firstLine = withoutMarkers(message.text.split('\n').find((line) => line.trim() !== '') ?? '');
  const preview = shortened(firstLine, TOOL_OUTPUT_PREVIEW_LENGTH);
  return preview === '' ? `_${inlineText(tool)} answered_` : `_${inlineText(tool)}: ${inlineText(preview)}_`;
}

/** What writing a message needs of the transcript around it. */
interface TranscriptState {
  queries: ReadonlyMap<string, SearchQuery[]>;
  numbers: CitationNumbers;
  /** The footnotes of the turn being written. */
  footnotes: TurnFootnotes;
  /** Hidden messages and tools' whole output are written too. */
  whole: boolean;
  /** The inspection looked at every message's own text (MessageIndex.listedInOrder). */
  allInspected: boolean;
  canvases: CanvasReport;
  assetNumbers: AssetNumbers;
  assetPath: AssetPathResolver | undefined;
  options: TranscriptOptions;
  /** The address the agent's browser last showed, so each page is named once (agentStepBlock). */
  agentPage: string | null;
}

const RESEARCH_HEADINGS: Record<ResearchStep['kind'], string> = {
  clarify: 'Deep research: clarifying questions',
  task: 'Deep research: the task',
};

/** A deep research's kickoff as a small section of its own (export-format "Deep research"). */
function researchBlock(step: ResearchStep): string {
  // Its words may carry citation markers like an answer's; with no references to resolve them, they go.
  const words = containMarkdown(withoutMarkers(step.text).trim(), SPEAKER_HEADING_LEVEL + 2);
  return `#### ${RESEARCH_HEADINGS[step.kind]}${words === '' ? '' : `\n\n${words}`}`;
}

/**
 * What the transcript shows for a message the tools of site-interface 10.9 wrote, undefined for any other:
 * a canvas call as its document in its final form of the turn (or nothing where a later call of the turn
 * shows it), a research kickoff as its section, a tool's words to the model as nothing. Asked for in full,
 * the calls and replies are written as they are, besides.
 */
function toolContentBlock(message: NormalizedMessage, state: TranscriptState): string | null | undefined {
  const canvas = state.canvases.shownAt.get(message.id);
  if (canvas !== undefined) {
    const document = canvasMarkdown(canvas);
    const callShown = state.whole && state.options.toolCalls === 'shown';
    return callShown ? `${toolCallLine(message, [])}\n\n${document}` : document;
  }
  const step = researchStep(message);
  if (step !== null) return researchBlock(step);
  if (isImageStep(message)) return imageStepBlock(message, state);
  const agent = agentStepBlock(message, state);
  if (agent !== undefined) return agent;
  if (state.whole) return undefined;
  if (state.canvases.toolMessages.has(message.id) || isToolChatter(message)) return null;
  return undefined;
}

/**
 * The message's text with its citation markers rewritten, from the pieces the inspection resolved; a
 * message it did not resolve (outside every turn) is resolved by its own references. Most messages have no
 * marker and are left alone. The inspection resolved every message of the turns that holds a marker
 * (features/sources/sources.ts): where it looked at every message, what it resolved is all there is to
 * rewrite, and no text is scanned for markers again.
 */
function displayedText(
  message: NormalizedMessage,
  resolved: CitationPiece[] | undefined,
  state: TranscriptState,
): string {
  const pieces = state.allInspected ? resolved : scannedPieces(message, resolved);
  return pieces === undefined ? message.text : citedMarkdown(pieces, state.numbers, state.footnotes);
}

/**
 * A message the inspection may not have looked at, scanned for markers: undefined when it holds none, else
 * the inspection's pieces if it resolved it, else the pieces its own references resolve it into.
 */
function scannedPieces(
  message: NormalizedMessage,
  resolved: CitationPiece[] | undefined,
): CitationPiece[] | undefined {
  if (!MAY_HOLD_MARKER.test(message.text)) return undefined;
  return (
    resolved ??
    resolveCitations(message.text, {
      references: readContentReferences(message.metadata),
      searchResults: new Map(),
    })
  );
}

/**
 * Which reasoning a detail keeps (export-format "Options"): the thoughts only in full; the preambles and the
 * "Thought for 14s" line, which the site shows before its reasoning is opened, unless none is asked for.
 */
function reasoningKept(message: NormalizedMessage, detail: ReasoningDetail): boolean {
  if (message.contentType === 'thoughts') return detail === 'full';
  if (message.preamble || message.contentType === 'reasoning_recap') return detail !== 'none';
  return true;
}

/** A file an agent's answer names by placeholder, by its name as other files are named, or as "a file". */
const fileNameText = (name: string | null): string => (name === null ? 'a file' : named(name));

/** `resolved`: the pieces the inspection resolved the message's text into, if it did. */
function messageBlock(
  message: NormalizedMessage,
  resolved: CitationPiece[] | undefined,
  state: TranscriptState,
): string | null {
  if (!reasoningKept(message, state.options.reasoning)) return null;
  const special = toolContentBlock(message, state);
  if (special !== undefined) return special;
  const toolsShown = state.options.toolCalls === 'shown';
  if (isToolCall(message))
    return toolsShown ? toolCallLine(message, state.queries.get(message.id) ?? []) : null;
  const hasAssets = message.assets.length > 0;
  if (message.text.trim() === '' && !hasAssets) return null;
  // A tool's image is what the site shows of its answer: the image, without the tool's words around it. Its
  // images are content, so they stay when the tools' calls are left out (export-format "Options").
  if (message.role === 'tool' && (!state.whole || !toolsShown)) {
    if (hasAssets) return withAssets('', message.assets, state.assetNumbers, state.assetPath);
    return toolsShown ? toolOutputLine(message) : null;
  }
  const shown = withFileNames(displayedText(message, resolved, state), message.metadata, fileNameText).trim();
  const contained = containMarkdown(shown, SPEAKER_HEADING_LEVEL + 1);
  const body = hasAssets
    ? withAssets(contained, message.assets, state.assetNumbers, state.assetPath)
    : contained;
  if (body === '') return null;
  // Asked for in full: marked, so a reader tells them from what the site shows.
  if (message.hidden) return blockquote(`_Hidden message_\n\n${body}`);
  if (message.role === 'tool')
    return blockquote(`_${inlineText(message.authorName ?? 'Tool')} output_\n\n${body}`);
  if (message.preamble) return blockquote(`_Thinking preamble_\n\n${body}`);
  if (message.contentType === 'thoughts') return blockquote(`_Reasoning_\n\n${body}`);
  if (message.contentType === 'reasoning_recap') return `_${inlineText(shown)}_`;
  return body;
}

/** How the transcript is written: the export's choices, each left unsaid taking its default. */
export interface TranscriptWriting extends ExportOptions {
  assetPath?: AssetPathResolver;
  /** Every branch is written: where each version of a fork begins (export-format "Options"). */
  branchMarks?: ReadonlyMap<string, BranchMark>;
  /** A line under the transcript's heading, saying what it holds. */
  note?: string;
}

/** `_Branch 2 of 3 (edited prompt)_`, and which version the site shows. */
function branchLine(mark: BranchMark): string {
  const what =
    mark.role === 'user' ? 'edited prompt' : mark.role === 'assistant' ? 'regenerated answer' : 'version';
  return `_Branch ${mark.number} of ${mark.of} (${what}${mark.active ? ', the one the site shows' : ''})_`;
}

/** A prompt the user sent, as the site shows it. */
const isPrompt = (message: NormalizedMessage): boolean => message.role === 'user' && !message.hidden;

/**
 * The transcript's blocks in order, each written when it is asked for (the worker encodes them as they
 * come, never joining them into one string: lib/export/utf8-chunks.ts). Joined by a blank line.
 */
export function* transcriptBlocks(
  inspection: Inspection,
  index: MessageIndex,
  written: TranscriptWriting = {},
): Generator<string> {
  const options = choicesWithDefaults(written);
  const sources = groupBy(inspection.sources, (source) => source.turnIndex);
  const { messages } = inspection.conversation;
  const cited = new Map(inspection.citedMessages.map(({ messageId, pieces }) => [messageId, pieces]));
  // Looked up all at once, like the turns (message-index.ts): between the texts, lookups by id cost more.
  const resolvedOf = messages.map((message) => cited.get(message.id));
  const state: TranscriptState = {
    queries: groupBy(inspection.queries.queries, (query) => query.messageId),
    numbers: { style: options.citations, next: 1 },
    footnotes: new Map(),
    whole: options.includeHiddenAndTools,
    allInspected: index.listedInOrder,
    canvases: readCanvases(inspection.conversation),
    assetNumbers: new Map(),
    assetPath: written.assetPath,
    options,
    agentPage: null,
  };
  let speaker: Speaker | null = null;
  let turnIndex: number | undefined;
  yield '## Transcript';
  if (written.note !== undefined) yield written.note;
  /** The speaker's heading when the speaker changes, else null. */
  function headingFor(next: Speaker): string | null {
    const previous = speaker;
    speaker = next;
    return next === previous ? null : next;
  }
  /** The block, under the speaker's heading when the speaker changes. */
  function spoken(next: Speaker, block: string): string {
    const heading = headingFor(next);
    return heading === null ? block : `${SPEAKER_HEADING} ${heading}\n\n${block}`;
  }
  /** The pages of the turn just written, to follow its last message under the answer's heading. */
  function pagesOfTurn(): string | null {
    const list = turnIndex === undefined ? undefined : sources.get(turnIndex);
    const pages = list === undefined ? null : turnPages(list, state.numbers, state.footnotes);
    return pages === null ? null : spoken('Assistant', turnPagesMarkdown(pages));
  }
  for (let place = 0; place < messages.length; place += 1) {
    const message = messages[place] as NormalizedMessage;
    const messageTurn = index.turnOf[place];
    if (messageTurn !== turnIndex) {
      const pages = pagesOfTurn();
      if (pages !== null) yield pages;
      turnIndex = messageTurn;
      // Each turn numbers its pages afresh; most turns have none to forget.
      if (state.footnotes.size > 0) state.footnotes = new Map();
    }
    const mark = written.branchMarks?.get(message.id);
    if (mark !== undefined) {
      yield branchLine(mark);
      // Each version starts under its own heading, so it reads apart from the one before.
      speaker = null;
    }
    if (message.hidden && !options.includeHiddenAndTools) continue;
    const block = messageBlock(message, resolvedOf[place], state);
    if (block === null) continue;
    const time =
      options.timestamps === 'on' && isPrompt(message) ? promptTimeLine(message.createTimeMs) : null;
    yield spoken(speakerOf(message), time === null ? block : `${time}\n\n${block}`);
  }
  const pages = pagesOfTurn();
  if (pages !== null) yield pages;
  if (isLastAnswerPending(inspection.conversation)) yield spoken('Assistant', ANSWER_PENDING);
  if (speaker === null) yield 'The conversation has no visible messages.';
}

const ANSWER_PENDING = '_Still answering when this was read: the answer is not in this export._';

/**
 * A conversation read while its answer was made (site-interface 10.11) whose last turn holds no answer yet:
 * the transcript says so, never showing the turn as finished without one.
 */
function isLastAnswerPending(conversation: Conversation): boolean {
  if (!conversation.answering) return false;
  const ids = new Set(conversation.turns.at(-1)?.messageIds);
  return !conversation.messages.some((message) => ids.has(message.id) && isAnswerMessage(message));
}
