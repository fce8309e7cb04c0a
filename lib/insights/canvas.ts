import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import { isRecord, readIdentifier, readString } from '@/lib/model/json-read';
import { applyPythonUpdate, type PythonUpdate } from './python-regex';
import { toolCommand } from './tool-command';

/**
 * The canvases of a conversation (site-interface 10.9): a document made by the assistant's call to
 * `canmore.create_textdoc` (`{name, type, content}`), changed by each later `canmore.update_textdoc`
 * (`{updates: [{pattern, replacement, multiple}]}`, or a whole new `content`) in order, unless the tool's
 * reply says the change failed. `canmore.comment_textdoc` leaves the document as it is, so its comments are
 * not kept (export-format "Canvas").
 */
export interface CanvasDocument {
  /** The tool's id for it (`metadata.canvas.textdoc_id` of its reply); null when no reply names one. */
  id: string | null;
  name: string;
  /** `document`, `code/python`, `code/react`, … */
  type: string;
  /** Its text after every change that was applied. */
  content: string;
  /** How many versions it had: its creation and each update applied. */
  versions: number;
  /** The call that made it. */
  messageId: string;
}

/** The document as a call left it. */
export interface CanvasState {
  name: string;
  type: string;
  content: string;
  version: number;
}

export interface CanvasReport {
  documents: CanvasDocument[];
  /**
   * The document in its final form of each turn, at the call that last changed it in that turn: where the
   * transcript shows it (export-format "Canvas").
   */
  shownAt: Map<string, CanvasState>;
  /** Every call to the canvas tool and every reply of it: not shown as tool lines. */
  toolMessages: Set<string>;
}

const CANVAS_TOOL = 'canmore.';

export const isCanvasCall = (message: NormalizedMessage): boolean =>
  message.role === 'assistant' && message.recipient?.startsWith(CANVAS_TOOL) === true;

const isCanvasReply = (message: NormalizedMessage): boolean =>
  message.role === 'tool' && message.authorName?.startsWith(CANVAS_TOOL) === true;

/** site-interface 10.9: the tool says so when a change failed (its text, or an error message). */
function failed(reply: NormalizedMessage | undefined): boolean {
  if (reply === undefined) return false;
  if (reply.contentType === 'system_error') return true;
  const canvas = reply.metadata.canvas;
  if (isRecord(canvas) && canvas.error !== undefined && canvas.error !== null) return true;
  // A success names the document, whose name may hold any word: only a reply that does not say so is read.
  if (/^\s*success/i.test(reply.text)) return false;
  return /\b(?:failed|error)\b/i.test(reply.text.slice(0, 300));
}

/** The tool's reply to the call at `place`: the first canvas reply before the next call or prompt. */
function replyTo(messages: readonly NormalizedMessage[], place: number): NormalizedMessage | undefined {
  const call = messages[place] as NormalizedMessage;
  for (let next = place + 1; next < messages.length; next += 1) {
    const message = messages[next] as NormalizedMessage;
    if (isCanvasReply(message) && (message.parentId === null || message.parentId === call.id)) return message;
    if (message.role === 'user' || isCanvasCall(message)) return undefined;
  }
  return undefined;
}

function replyCanvas(reply: NormalizedMessage | undefined): Record<string, unknown> {
  const canvas = reply?.metadata.canvas;
  return isRecord(canvas) ? canvas : {};
}

function readUpdates(command: Record<string, unknown>): PythonUpdate[] | null {
  if (!Array.isArray(command.updates)) return null;
  const updates: PythonUpdate[] = [];
  for (const update of command.updates) {
    if (!isRecord(update)) return null;
    const pattern = readString(update.pattern);
    const replacement = readString(update.replacement);
    if (pattern === null || replacement === null) return null;
    updates.push({ pattern, replacement, multiple: update.multiple === true });
  }
  return updates;
}

/** The document after the update's changes, in order; null when one of them cannot be applied. */
function updated(content: string, command: Record<string, unknown>): string | null {
  const whole = readString(command.content);
  if (whole !== null) return whole;
  const updates = readUpdates(command);
  if (updates === null || updates.length === 0) return null;
  let text: string | null = content;
  for (const update of updates) {
    text = text === null ? null : applyPythonUpdate(text, update);
  }
  return text;
}

function turnOfMessages(conversation: Conversation): Map<string, number> {
  const turnOf = new Map<string, number>();
  conversation.turns.forEach((turn, index) => {
    for (const id of turn.messageIds) turnOf.set(id, index);
  });
  return turnOf;
}

export function readCanvases(conversation: Conversation): CanvasReport {
  const { messages } = conversation;
  const documents: CanvasDocument[] = [];
  const toolMessages = new Set<string>();
  /** Per document and turn, the call that changed it last and the state it left. */
  const lastChange = new Map<string, { messageId: string; state: CanvasState }>();
  // Most conversations have no canvas: the turn of each message is worked out at the first change.
  let turnOf: Map<string, number> | null = null;
  let current: CanvasDocument | null = null;
  for (let place = 0; place < messages.length; place += 1) {
    const message = messages[place] as NormalizedMessage;
    if (isCanvasReply(message)) toolMessages.add(message.id);
    if (!isCanvasCall(message)) continue;
    toolMessages.add(message.id);
    const reply = replyTo(messages, place);
    const command = toolCommand(message.text);
    if (command === null || failed(reply)) continue;
    const canvas = replyCanvas(reply);
    const id = readIdentifier(command.textdoc_id) ?? readIdentifier(canvas.textdoc_id);
    let changed: CanvasDocument | null = null;
    if (message.recipient === 'canmore.create_textdoc') {
      changed = {
        id,
        name: readString(command.name) ?? readString(canvas.title) ?? 'Canvas',
        type: readString(command.type) ?? readString(canvas.textdoc_type) ?? 'document',
        content: readString(command.content) ?? '',
        versions: 1,
        messageId: message.id,
      };
      documents.push(changed);
    } else if (message.recipient === 'canmore.update_textdoc') {
      const target: CanvasDocument | null =
        (id === null ? null : documents.find((document) => document.id === id)) ?? current;
      const content = target === null ? null : updated(target.content, command);
      if (target !== null && content !== null) {
        target.content = content;
        target.versions += 1;
        changed = target;
      }
    }
    if (changed === null) continue;
    current = changed;
    turnOf ??= turnOfMessages(conversation);
    const key = `${documents.indexOf(changed)}\u0000${turnOf.get(message.id) ?? -1}`;
    lastChange.set(key, {
      messageId: message.id,
      state: { name: changed.name, type: changed.type, content: changed.content, version: changed.versions },
    });
  }
  const shownAt = new Map<string, CanvasState>();
  for (const { messageId, state } of lastChange.values()) shownAt.set(messageId, state);
  return { documents, shownAt, toolMessages };
}
