import type { NormalizedMessage } from '@/lib/model/conversation';
import { isRecord, type JsonRecord, readString } from '@/lib/model/json-read';
import { toolCommand, toolOf } from './tool-command';

/**
 * ChatGPT's agent mode (site-interface 10.9): the assistant calls its computer (`computer.initialize`,
 * `computer.do` with a list of `actions`, `computer.get`, `computer.sync_file`) and its container
 * (`container.exec`, `container.download`, `container.open_image`), each call's JSON in a `code` message; the
 * tools answer, the computer with a `computer_output` (a screenshot and the browser's page), and a tool message
 * whose metadata names `agent_entrypoint` opens the run. This reads each such message into what the agent did,
 * so the transcript can say it in a line (export-format "Agent mode") and reading health can count what it
 * could not name.
 */

export interface Point {
  x: number;
  y: number;
}

/** One action of a `computer.do` call. */
export type AgentAction =
  | { type: 'click'; at: Point | null; button: 'left' | 'right' | 'middle'; count: number }
  | { type: 'type'; text: string }
  | { type: 'keypress'; keys: string[] }
  | { type: 'scroll'; direction: 'up' | 'down' | 'left' | 'right' | null }
  | { type: 'move'; at: Point | null }
  | { type: 'drag'; from: Point | null; to: Point | null }
  | { type: 'open'; url: string }
  | { type: 'wait' }
  | { type: 'screenshot' }
  /** An action no reader knows, by its name ('' when it has none). */
  | { type: 'unknown'; name: string };

/** The page the agent's browser showed, from a `computer_output`'s browser state. */
export interface AgentPage {
  url: string;
  title: string | null;
}

export type AgentStep =
  | { kind: 'start' }
  | { kind: 'actions'; actions: AgentAction[] }
  | { kind: 'look' }
  | { kind: 'run'; command: string | null }
  | { kind: 'save'; name: string | null }
  | { kind: 'download'; url: string | null }
  | { kind: 'open-image'; name: string | null }
  /** A method of the computer or the container no reader knows, by its full name (`computer.frobnicate`). */
  | { kind: 'unknown'; tool: string }
  /** What the computer showed: its screenshot is the message's asset. */
  | { kind: 'view'; page: AgentPage | null }
  /** Any other answer of the agent's tools: a command's output, a file's id, the run's opening. */
  | { kind: 'output' };

const AGENT_TOOL = /^(?:computer|container)\.[\w-]+/;

/** A message of an agent's run: a call to or an answer of its computer or container, or the run's opening. */
export function isAgentStep(message: NormalizedMessage): boolean {
  if (message.contentType === 'computer_output') return true;
  const tool = toolOf(message);
  if (tool !== null && AGENT_TOOL.test(tool)) return true;
  return message.role === 'tool' && 'agent_entrypoint' in message.metadata;
}

const readNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function readPoint(value: unknown): Point | null {
  if (Array.isArray(value)) return readPoint({ x: value[0], y: value[1] });
  if (!isRecord(value)) return null;
  const x = readNumber(value.x);
  const y = readNumber(value.y);
  return x === null || y === null ? null : { x, y };
}

/** The last part of a path, a file's name. */
function baseName(path: string | null): string | null {
  const name = path?.split(/[\\/]/).pop()?.trim();
  return name ? name : null;
}

/** `button` is a number (X11's 1 left, 2 middle, 3 right) or a word; an action's name may say it too. */
function clickButton(raw: JsonRecord, name: string): 'left' | 'right' | 'middle' {
  const button = raw.button;
  if (button === 3 || button === 'right' || name === 'right_click') return 'right';
  if (button === 2 || button === 'middle' || button === 'wheel' || name === 'middle_click') return 'middle';
  return 'left';
}

function scrollDirection(raw: JsonRecord): 'up' | 'down' | 'left' | 'right' | null {
  const direction = readString(raw.direction)?.toLowerCase();
  if (direction === 'up' || direction === 'down' || direction === 'left' || direction === 'right')
    return direction;
  const dy = readNumber(raw.scroll_y) ?? readNumber(raw.dy) ?? 0;
  const dx = readNumber(raw.scroll_x) ?? readNumber(raw.dx) ?? 0;
  if (dy !== 0) return dy > 0 ? 'down' : 'up';
  if (dx !== 0) return dx > 0 ? 'right' : 'left';
  return null;
}

function readKeys(value: unknown): string[] {
  const keys = Array.isArray(value) ? value : [value];
  return keys.map(readString).filter((key): key is string => key !== null && key !== '');
}

const CLICKS: ReadonlyMap<string, number> = new Map([
  ['click', 1],
  ['left_click', 1],
  ['right_click', 1],
  ['middle_click', 1],
  ['double_click', 2],
  ['triple_click', 3],
]);

/** One action as the site writes it (`{"action": "click", "x": 154, "y": 50, "button": 1}`), or by `type`. */
function readAction(raw: unknown): AgentAction {
  if (!isRecord(raw)) return { type: 'unknown', name: '' };
  const name = (readString(raw.action) ?? readString(raw.type) ?? '').toLowerCase();
  const clicks = CLICKS.get(name);
  if (clicks !== undefined)
    return { type: 'click', at: readPoint(raw), button: clickButton(raw, name), count: clicks };
  switch (name) {
    case 'type':
    case 'type_text':
      return { type: 'type', text: readString(raw.text) ?? '' };
    case 'keypress':
    case 'key':
    case 'hotkey':
      return { type: 'keypress', keys: readKeys(raw.keys ?? raw.key) };
    case 'scroll':
      return { type: 'scroll', direction: scrollDirection(raw) };
    case 'move':
    case 'mouse_move':
      return { type: 'move', at: readPoint(raw) };
    case 'drag': {
      const path = Array.isArray(raw.path) ? raw.path : [];
      return { type: 'drag', from: readPoint(path[0]), to: readPoint(path.at(-1)) };
    }
    case 'wait':
      return { type: 'wait' };
    case 'screenshot':
      return { type: 'screenshot' };
  }
  const url = readString(raw.url);
  if (url !== null && ['open_url', 'open', 'navigate', 'goto', 'visit'].includes(name))
    return { type: 'open', url };
  return { type: 'unknown', name };
}

/** A `computer.do` call's actions: its `actions` list, or the call itself as one action. */
function readActions(command: JsonRecord | null): AgentAction[] {
  if (command === null) return [];
  if (Array.isArray(command.actions)) return command.actions.map(readAction);
  return 'action' in command || 'type' in command ? [readAction(command)] : [];
}

/** `container.exec`'s `cmd`: the script of `bash -lc <script>`, else its words; or a plain string. */
function readCommand(command: JsonRecord | null): string | null {
  const cmd = command?.cmd ?? command?.command;
  const direct = readString(cmd);
  if (direct !== null) return direct.trim() || null;
  if (!Array.isArray(cmd)) return null;
  const words = cmd.map(readString).filter((word): word is string => word !== null);
  const shell = words.length === 3 && /^(?:ba|z)?sh$/.test(words[0] ?? '') && /^-\w*c$/.test(words[1] ?? '');
  const line = (shell ? words[2] : words.join(' '))?.trim();
  return line ? line : null;
}

function readPath(command: JsonRecord | null): string | null {
  return readString(command?.filepath) ?? readString(command?.path) ?? readString(command?.file_path);
}

function callStep(tool: string, text: string): AgentStep {
  const command = toolCommand(text);
  switch (tool) {
    case 'computer.initialize':
      return { kind: 'start' };
    case 'computer.do':
      return { kind: 'actions', actions: readActions(command) };
    case 'computer.get':
      return { kind: 'look' };
    case 'computer.sync_file':
      return { kind: 'save', name: baseName(readPath(command)) };
    case 'container.exec':
      return { kind: 'run', command: readCommand(command) };
    case 'container.download':
      return { kind: 'download', url: readString(command?.url) };
    case 'container.open_image':
      return { kind: 'open-image', name: baseName(readPath(command)) };
  }
  return { kind: 'unknown', tool };
}

/**
 * The page a `computer_output` showed: the title and address lines its text ends with after its screenshot
 * (lib/model/message-content.ts).
 */
function readPage(text: string): AgentPage | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('['));
  const url = lines.find((line) => /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(line));
  if (url === undefined) return null;
  const title = lines.find((line) => line !== url);
  return { url, title: title ?? null };
}

/** What an agent's message did; null for any other message. */
export function agentStep(message: NormalizedMessage): AgentStep | null {
  if (!isAgentStep(message)) return null;
  if (message.contentType === 'computer_output') return { kind: 'view', page: readPage(message.text) };
  const tool = toolOf(message);
  if (message.role === 'assistant' && tool !== null) return callStep(tool, message.text);
  return { kind: 'output' };
}

/**
 * What reading health counts of an agent's message (features/details/reading-health.ts): a method of the
 * computer or container no reader knows, by its name, and each action of a `computer.do` no reader knows, as
 * `computer.do:<action>`. A tool's name alone is not enough: the agent's whole run goes through the one tool
 * `computer.do`, so a new kind of action would otherwise go unseen.
 */
export function agentUnknowns(message: NormalizedMessage): string[] {
  const step = agentStep(message);
  if (step?.kind === 'unknown') return [step.tool];
  if (step?.kind !== 'actions') return [];
  return step.actions.flatMap((action) =>
    action.type === 'unknown' ? [`computer.do:${action.name || '(none)'}`] : [],
  );
}

/** How an agent's answer names a file it saved: `{{file:file-…}}`, the file's id inside (site-interface 10.9). */
const FILE_PLACEHOLDER = /\{\{file:([^{}]*)\}\}/g;

/** A file reference's name: `file_name`, else `name`, else the last part of its `filepath`. */
const referenceName = (reference: JsonRecord): string | null =>
  readString(reference.file_name)?.trim() ||
  readString(reference.name)?.trim() ||
  baseName(readString(reference.filepath));

/**
 * The names of the files an answer's metadata references, by file id (`file_id` or `cite_key`). The key that
 * holds them is obfuscated and renamed (`n7jupd_crefs`, a list; `n7jupd_crefs_by_file`, lists by file id), so
 * every list of the metadata is read by its records' shape, one level of a map deep; a record without a file
 * id or a name adds nothing.
 */
function fileNames(metadata: JsonRecord): Map<string, string> {
  const names = new Map<string, string>();
  const lists = Object.values(metadata).flatMap((value) =>
    Array.isArray(value) ? [value] : isRecord(value) ? Object.values(value).filter(Array.isArray) : [],
  );
  for (const reference of lists.flat()) {
    if (!isRecord(reference)) continue;
    const id = readString(reference.file_id) ?? readString(reference.cite_key);
    const name = referenceName(reference);
    if (id !== null && name !== null && !names.has(id)) names.set(id, name);
  }
  return names;
}

/**
 * `text` with each `{{file:…}}` written as `write` writes the file's name, or its `null` when the metadata
 * names none: never the placeholder or the file's id (export-format "Agent mode").
 */
export function withFileNames(
  text: string,
  metadata: JsonRecord,
  write: (name: string | null) => string,
): string {
  if (!text.includes('{{file:')) return text;
  const names = fileNames(metadata);
  return text.replace(FILE_PLACEHOLDER, (_placeholder, id: string) => write(names.get(id.trim()) ?? null));
}
