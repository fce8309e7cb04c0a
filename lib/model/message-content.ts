import { isRecord, type JsonRecord, readString, safeJson } from './json-read';
import { screenshotPart } from './message-assets';

/**
 * A readable rendering of message content (site-interface 2.4): every text part, code as a fenced block,
 * and the other content types by their readable members. It never yields "undefined" or
 * "[object Object]": what it cannot read as text it shows as compact JSON or as a [type] marker.
 */
const PART_SEPARATOR = '\n\n';

/** How an image part reads in the text (message-assets.ts); a bare marker when nothing describes it. */
export type ImagePartText = (part: JsonRecord) => string;

const plainImage: ImagePartText = () => '[image]';

function renderPart(part: unknown, imageText: ImagePartText): string {
  if (typeof part === 'string') return part;
  if (typeof part === 'number' || typeof part === 'boolean') return String(part);
  if (!isRecord(part)) return Array.isArray(part) ? safeJson(part) : '';
  const text = readString(part.text);
  if (text !== null) return text;
  const type = readString(part.content_type);
  if (type === 'image_asset_pointer') return imageText(part);
  if (type === 'audio_asset_pointer' || type === 'real_time_user_audio_video_asset_pointer') return '[audio]';
  return type !== null ? `[${type}]` : safeJson(part);
}

function joinNonEmpty(pieces: Array<string | null>, separator = PART_SEPARATOR): string {
  let joined = '';
  for (const piece of pieces) {
    if (piece === null || piece === '') continue;
    joined = joined === '' ? piece : joined + separator + piece;
  }
  return joined;
}

function renderParts(parts: unknown[], imageText: ImagePartText): string {
  let joined = '';
  for (const part of parts) {
    const text = renderPart(part, imageText);
    if (text !== '') joined = joined === '' ? text : joined + PART_SEPARATOR + text;
  }
  return joined;
}

function renderCode(content: JsonRecord): string {
  const language = readString(content.language);
  const fence = language !== null && language !== 'unknown' ? `\`\`\`${language}` : '```';
  return `${fence}\n${readString(content.text) ?? ''}\n\`\`\``;
}

function renderThoughts(thoughts: unknown): string {
  if (!Array.isArray(thoughts)) return '';
  return joinNonEmpty(
    thoughts.map((thought) =>
      isRecord(thought)
        ? joinNonEmpty([readString(thought.summary), readString(thought.content)], '\n')
        : renderPart(thought, plainImage),
    ),
  );
}

/** Readable members of the content types that carry no parts, in the order a reader wants them. */
const readableMembers: ReadonlyMap<string, readonly string[]> = new Map([
  ['execution_output', ['text']],
  // A tool's output the answer may cite (a connector's, the code tool's): its text is `output_str`.
  ['citable_code_output', ['output_str', 'text']],
  ['tether_browsing_display', ['summary', 'result']],
  ['tether_quote', ['title', 'url', 'text']],
  ['system_error', ['name', 'text']],
  ['reasoning_recap', ['content']],
  ['user_editable_context', ['user_profile', 'user_instructions']],
  ['model_editable_context', ['model_set_context', 'repo_summary']],
]);

const fallbackMembers = ['text', 'result', 'content', 'summary'] as const;

/**
 * What an agent's computer showed (site-interface 10.9): its screenshot where it stands, then the page's title
 * and address from its browser state, each on a line; its ids and flags are not for the reader.
 */
function renderComputerOutput(content: JsonRecord, imageText: ImagePartText): string {
  const screenshot = screenshotPart(content);
  const state = isRecord(content.state) ? content.state : null;
  const page = state === null ? null : joinNonEmpty([readString(state.title), readString(state.url)], '\n');
  return joinNonEmpty([screenshot === null ? null : imageText(screenshot), page]);
}

function renderWithoutParts(type: string, content: JsonRecord, imageText: ImagePartText): string {
  if (type === 'code') return renderCode(content);
  if (type === 'computer_output') return renderComputerOutput(content, imageText);
  if (type === 'thoughts') return renderThoughts(content.thoughts);
  const members = readableMembers.get(type);
  if (members !== undefined)
    return joinNonEmpty(
      members.map((member) => readString(content[member])),
      '\n',
    );
  for (const member of fallbackMembers) {
    const text = readString(content[member]);
    if (text !== null) return text;
  }
  const { content_type: _type, ...rest } = content;
  return Object.keys(rest).length === 0 ? '' : safeJson(rest);
}

/** content.content_type, or 'unknown' when absent. */
export function readContentType(content: unknown): string {
  return (isRecord(content) ? readString(content.content_type) : null) ?? 'unknown';
}

/** The text of a message's content; '' when there is nothing to show. */
export function renderContentText(content: unknown, imageText: ImagePartText = plainImage): string {
  if (!isRecord(content)) return typeof content === 'string' ? content : '';
  const parts = content.parts;
  if (Array.isArray(parts)) return renderParts(parts, imageText);
  return renderWithoutParts(readString(content.content_type) ?? 'unknown', content, imageText);
}
