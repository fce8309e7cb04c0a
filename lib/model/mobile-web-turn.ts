import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { isRecord, type JsonRecord, readString } from './json-read';
import type { SiteRefusal } from './site-refusal';
import { readSiteRefusal } from './site-refusal-reader';
import type { StreamedTurn, StreamedTurnReader, StreamFacts } from './streamed-turn';
import { UnreadTally } from './unread';

/**
 * What the page hook passes on of a mobile web answer's request (site-interface 10.16): the prompt alone,
 * never the sentinel's tokens beside it.
 */
export interface MobileWebRequest {
  /** The user's words; null where the body did not say. */
  prompt: string | null;
}

/**
 * The request of a mobile web answer: the hook's reduction `{"prompt": …}`, or the form body a HAR file
 * holds whole, of which only the prompt is read. Never throws.
 */
export function readMobileWebRequest(body: string | null | undefined): MobileWebRequest {
  const text = body?.trim() ?? '';
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return { prompt: isRecord(parsed) ? readString(parsed.prompt) : null };
    } catch {
      return { prompt: null };
    }
  }
  return { prompt: text === '' ? null : new URLSearchParams(text).get('prompt') };
}

/** The control kinds read on purpose (site-interface 10.16); any other is counted in reading health. */
const KNOWN_CONTROLS: ReadonlySet<string> = new Set([
  'conversation-id',
  'message-stream-complete',
  'terminal-received',
  'complete',
  'failed',
]);
/** The JSON lines' record types read on purpose; `diagnostic` says nothing an export keeps. */
const KNOWN_LINES: ReadonlySet<string> = new Set([
  'content',
  'shared',
  'control',
  'end',
  'error',
  'diagnostic',
]);

/** A region's name without its part (`assistant-pending-<id>-committed-tail` → `assistant-pending-<id>`). */
const regionGroup = (name: string): string =>
  name.replace(/-(?:pending(?:-tail)?|committed(?:-[\w-]+)?)$/, '');

/** One tag of HTML: `>` inside a quoted attribute value (a sources payload's JSON) does not end it. */
const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([a-zA-Z][\w:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr']);
const BLOCK_ENDS: ReadonlySet<string> = new Set(['p', 'div', 'pre', 'blockquote', 'tr', 'section']);

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE))
    attributes.set(match[1]?.toLowerCase() ?? '', decodeHTMLAttribute(match[2] ?? match[3] ?? ''));
  return attributes;
}

/** Citation chips, source buttons and their payloads: interface, not the answer's words. */
function isInterface(tag: string, attributes: Map<string, string>): boolean {
  if (tag === 'button' || tag === 'script' || tag === 'style' || tag === 'template') return true;
  for (const name of attributes.keys())
    if (/^data-assistant-(?:content-reference|grouped-webpages|sources-)/.test(name)) return true;
  return false;
}

const isStreamBlock = (attributes: Map<string, string>): boolean =>
  attributes.has('data-assistant-stream-block-index') || attributes.has('data-assistant-stream-block');

/**
 * The readable text of an answer region's HTML: its stream blocks in order, each as a Markdown paragraph
 * (a heading keeps its level, a list item its dash); a region without stream blocks is read whole.
 */
function regionText(html: string): string {
  const hasBlocks = /data-assistant-stream-block/.test(html);
  const blocks: string[] = [];
  let current: { depth: number; text: string } | null = hasBlocks ? null : { depth: -1, text: '' };
  let depth = 0;
  let skipping: number | null = null;
  let preformatted = 0;
  let at = 0;
  // White space runs read as one space, as a browser shows them, except in preformatted text; a
  // no-break space is no such white space.
  const addText = (text: string): void => {
    if (current === null || skipping !== null) return;
    current.text += decodeHTML(preformatted > 0 ? text : text.replace(/[ \t\n\r\f]+/g, ' '));
  };
  for (const match of html.matchAll(TAG)) {
    addText(html.slice(at, match.index));
    at = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]?.toLowerCase() ?? '';
    const isVoid = VOID_TAGS.has(tag) || match[3]?.trimEnd().endsWith('/') === true;
    if (tag === 'pre') preformatted = Math.max(preformatted + (closing ? -1 : 1), 0);
    if (closing) {
      depth = Math.max(depth - 1, 0);
      if (skipping !== null) {
        if (depth === skipping) skipping = null;
        continue;
      }
      if (current !== null && BLOCK_ENDS.has(tag)) current.text += '\n';
      if (current !== null && depth === current.depth) {
        blocks.push(current.text);
        current = null;
      }
      continue;
    }
    if (skipping !== null) {
      if (!isVoid) depth += 1;
      continue;
    }
    const attributes = attributesOf(match[3] ?? '');
    if (isInterface(tag, attributes)) {
      if (!isVoid) {
        skipping = depth;
        depth += 1;
      }
      continue;
    }
    if (current === null && isStreamBlock(attributes) && !isVoid) current = { depth, text: '' };
    if (current !== null) {
      const heading = /^h([1-6])$/.exec(tag);
      if (heading !== null) current.text += `${'#'.repeat(Number(heading[1]))} `;
      else if (tag === 'li') current.text += '\n- ';
      else if (tag === 'br') current.text += '\n';
    }
    if (!isVoid) depth += 1;
  }
  addText(html.slice(at));
  if (current !== null) blocks.push(current.text);
  // Spaces at a block's ends stay: a pending head and the tail it grows by meet inside a word or at a space.
  return blocks
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '')
    .join('\n\n');
}

/** An answer's text made tidy once it is whole: no spaces at line ends or paragraph starts, no empty runs. */
const tidy = (text: string): string =>
  text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n\n[ \t]+/g, '\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * Where the `</template>` closing a template opened before `from` starts and ends, past any template nested
 * in it; null when the text does not hold it yet.
 */
function templateClose(text: string, from: number): { start: number; end: number } | null {
  let depth = 1;
  const tags = /<template\b|<\/template\s*>/gi;
  tags.lastIndex = from;
  for (let match = tags.exec(text); match !== null; match = tags.exec(text)) {
    depth += match[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return { start: match.index, end: match.index + match[0].length };
  }
  return null;
}

const FRAME_START = /<template\b[^>]*data-web-mobile-dpu-frame/i;
const DIRECTIVE = /<template\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

interface Failure {
  status: string;
  reason: string;
}

/**
 * Reads a signed-out chat's answer on the mobile web surface (site-interface 10.16) as the answer stream's
 * reader reads SSE (streamed-turn.ts): text split anywhere, the same turn out. It takes either form, told
 * apart by the body's first character, and pieces of HTML outside any frame as well: the shape is known
 * from code, not from a capture (site-interface 10.16), so every member is optional and anything else is counted.
 */
export function createMobileWebTurnReader(request: MobileWebRequest): StreamedTurnReader {
  let buffer = '';
  let form: 'frames' | 'lines' | null = null;
  /** The answer's regions by name, in the order first met: what each holds now. */
  const regions = new Map<string, string>();
  /** The JSON lines' answer text by message, in the order first met. */
  const lineTexts = new Map<string, string>();
  const pages = new Map<string, JsonRecord>();
  let conversationId: string | null = null;
  let messageId: string | null = null;
  let failure: Failure | null = null;
  let complete = false;
  let ended = false;
  const warnings: string[] = [];
  const unread = new UnreadTally();

  const control = (kind: string, detail: (name: string) => string | undefined): void => {
    if (!KNOWN_CONTROLS.has(kind)) unread.add('stream-record', kind, 'data-conversation-control');
    conversationId = detail('conversation-id') || conversationId;
    messageId = detail('message-id') || messageId;
    if (kind === 'failed')
      failure = { status: detail('failure-status') ?? '', reason: detail('failure-reason') ?? '' };
    if (kind === 'message-stream-complete' || kind === 'terminal-received' || kind === 'complete')
      complete = true;
  };

  /** Controls, cited pages and names anywhere in a piece of HTML. */
  const readShared = (html: string): void => {
    for (const match of html.matchAll(TAG)) {
      if (match[1] === '/') continue;
      const attributes = attributesOf(match[3] ?? '');
      const kind = attributes.get('data-conversation-control');
      if (kind !== undefined) control(kind, (name) => attributes.get(`data-${name}`));
      else {
        conversationId = attributes.get('data-conversation-id') || conversationId;
        messageId ??= attributes.get('data-message-id') || null;
        const failed = attributes.get('data-failure-status');
        if (failed !== undefined)
          failure = { status: failed, reason: attributes.get('data-failure-reason') ?? '' };
      }
      const canonical = /^\/uc\/([^/?#]+)/.exec(
        attributes.get('href') ?? attributes.get('data-canonical-path') ?? '',
      );
      if (canonical?.[1] !== undefined) conversationId ??= canonical[1];
      const payload = attributes.get('data-assistant-sources-payload');
      if (payload !== undefined) readSources(payload);
    }
  };

  const readSources = (payload: string): void => {
    let list: unknown;
    try {
      list = JSON.parse(payload);
    } catch {
      warnings.push('A sources payload is not JSON; its pages are not read.');
      return;
    }
    for (const item of Array.isArray(list) ? list : []) {
      const url = isRecord(item) ? readString(item.url) : null;
      if (url === null || pages.has(url) || !isRecord(item)) continue;
      pages.set(url, { url, title: readString(item.title), attribution: readString(item.attribution) });
    }
  };

  const readFrame = (frame: string): void => {
    const inner = frame.slice(frame.indexOf('>') + 1);
    let directives = 0;
    for (const match of inner.matchAll(DIRECTIVE)) {
      const attributes = attributesOf(match[1] ?? '');
      const name = attributes.get('for');
      const apply = attributes.get('data-web-mobile-dpu-apply');
      if (name === undefined || apply === undefined) continue;
      directives += 1;
      const start = match.index + match[0].length;
      const content = inner.slice(start, templateClose(inner, start)?.start);
      readShared(content);
      if (!name.includes('assistant') || name.endsWith('-reasoning')) continue;
      if (apply === 'append') regions.set(name, (regions.get(name) ?? '') + content);
      else if (apply === 'replace') {
        // A new head makes the tail it had stale.
        if (name.endsWith('-pending')) regions.delete(`${name}-tail`);
        regions.set(name, content);
      } else unread.add('stream-record', apply, 'data-web-mobile-dpu-apply');
    }
    if (directives === 0) readShared(inner);
  };

  const readLine = (line: string): void => {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      warnings.push('A line of the answer is not JSON; skipped.');
      return;
    }
    if (!isRecord(record)) return;
    const type = readString(record.type) ?? '';
    if (!KNOWN_LINES.has(type)) unread.add('stream-record', type, 'type');
    const detail = isRecord(record.detail) ? record.detail : {};
    if (type === 'content') {
      const id = readString(record.messageId) ?? '';
      const markdown = readString(record.markdown) ?? '';
      lineTexts.set(id, record.mode === 'append' ? (lineTexts.get(id) ?? '') + markdown : markdown);
      messageId = id || messageId;
    } else if (type === 'shared') readShared(readString(record.html) ?? '');
    else if (type === 'control') {
      const kind = readString(detail.kind) ?? '';
      const members: Record<string, string | undefined> = {
        'conversation-id': readString(detail.conversationId) ?? undefined,
        'message-id': readString(detail.messageId) ?? undefined,
        'failure-status': readString(detail.status) ?? undefined,
        'failure-reason': (readString(detail.failureReason) ?? readString(detail.reason)) || undefined,
      };
      control(kind, (name) => members[name]);
    } else if (type === 'end') complete = true;
    else if (type === 'error')
      failure = { status: '', reason: readString(record.message) ?? readString(detail.kind) ?? '' };
  };

  const drain = (atEnd: boolean): void => {
    answer = null;
    form ??= /^\s*\{/.test(buffer) ? 'lines' : /^\s*</.test(buffer) ? 'frames' : null;
    if (form === 'lines') {
      const lines = buffer.split('\n');
      buffer = atEnd ? '' : (lines.pop() ?? '');
      for (const line of lines) if (line.trim() !== '') readLine(line.trim());
      return;
    }
    for (;;) {
      const start = buffer.search(FRAME_START);
      if (start === -1) break;
      // What comes before a frame is a piece outside any (site-interface 10.16): read for its controls.
      if (start > 0) readShared(buffer.slice(0, start));
      buffer = buffer.slice(start);
      const close = templateClose(buffer, 1);
      if (close === null) return;
      readFrame(buffer.slice(0, close.end));
      buffer = buffer.slice(close.end);
    }
    if (!atEnd) return;
    // HTML pieces with no frame around them: their blocks are the answer, as a region of its own.
    if (/data-assistant-stream-block/.test(buffer)) regions.set('assistant-pieces', buffer);
    readShared(buffer);
    buffer = '';
  };

  /** The answer's text as the text read so far makes it, made again only after more text. */
  let answer: string | null = null;
  const answerText = (): string => {
    answer ??= composeAnswer();
    return answer;
  };
  const composeAnswer = (): string => {
    if (lineTexts.size > 0) return [...lineTexts.values()].join('\n\n');
    const groups = new Map<string, string[]>();
    for (const name of regions.keys())
      groups.set(regionGroup(name), [...(groups.get(regionGroup(name)) ?? []), name]);
    const textOf = (name: string): string => regionText(regions.get(name) ?? '');
    const texts = [...groups.values()].map((names) => {
      // What is committed wins; a committed tail holds the whole answer, its blocks only parts of it.
      const committed = names.filter((name) => name.includes('-committed'));
      const tails = committed.filter((name) => name.endsWith('-committed-tail'));
      const chosen = tails.length > 0 ? tails : committed;
      if (chosen.length > 0) return tidy(chosen.map(textOf).join('\n\n'));
      // Still pending: the head, and the text its tail appended since.
      return tidy(names.map(textOf).join(''));
    });
    return texts.filter((text) => text !== '').join('\n\n');
  };

  const refusal = (): SiteRefusal | null => {
    const failed = failure as Failure | null;
    if (failed === null) return null;
    const status = Number.parseInt(failed.status, 10);
    return readSiteRefusal(Number.isSafeInteger(status) ? status : 200, failed.reason);
  };

  const assistantId = (): string =>
    messageId ?? [...regions.keys()].map(regionGroup)[0] ?? 'mobile-web-answer';

  const messages = (): JsonRecord[] => {
    const text = answerText();
    if (text === '') return [];
    const cited = [...pages.values()];
    return [
      {
        id: assistantId(),
        author: { role: 'assistant' },
        content: { content_type: 'text', parts: [text] },
        status: complete ? 'finished_successfully' : 'in_progress',
        end_turn: complete,
        recipient: 'all',
        metadata:
          cited.length === 0
            ? {}
            : { content_references: [{ type: 'grouped_webpages', matched_text: '', items: cited }] },
      },
    ];
  };

  const facts = (): StreamFacts => ({
    conversationId,
    handoffTopics: [],
    ended,
    complete: complete && failure === null,
    answered: answerText() !== '',
    refusal: refusal(),
    resumed: false,
    warningCount: warnings.length,
    lacksQueries: false,
  });

  return {
    feed(text) {
      buffer += text;
      drain(false);
    },
    feedEvents(text) {
      buffer += text;
      drain(false);
    },
    end() {
      drain(true);
      ended = true;
    },
    // A mobile web answer is never resumed: it comes whole on its one call.
    resumeAt: () => {},
    turn(): StreamedTurn {
      const { warningCount: _, lacksQueries: __, ...said } = facts();
      const prompt = request.prompt;
      return {
        ...said,
        inputMessage:
          prompt === null
            ? null
            : {
                id: `${assistantId()}:prompt`,
                author: { role: 'user' },
                content: { content_type: 'text', parts: [prompt] },
              },
        messages: messages(),
        serverMetadata: {},
        markers: [],
        title: null,
        defaultModelSlug: null,
        ads: [],
        warnings: [...warnings],
        unread: unread.list(),
        transport: null,
      };
    },
    facts,
  };
}
