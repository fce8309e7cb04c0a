/**
 * A signed-out answer on the mobile web surface (site-interface 10.16), written as the site's code shows it
 * (known from code, not a capture): the pieces of its body, in either of its forms. The replica's
 * page reads them as they stream; the unit tests feed them to the reader.
 */
export interface MobileWebAnswer {
  conversationId: string;
  messageId: string;
  /** The answer's paragraphs, as plain text: each becomes a stream block. */
  paragraphs: string[];
  /** The pages the answer cites. */
  sources: Array<{ url: string; title: string; attribution: string }>;
}

export const MOBILE_WEB_HTML = 'text/vnd.openai.web-mobile-partial+html; charset=utf-8';
export const MOBILE_WEB_LINES = 'application/vnd.openai.conversation-source+ndjson; charset=utf-8';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[char]};`,
  );

const control = (kind: string, members: Record<string, string>): string =>
  `<span data-conversation-control="${kind}"${Object.entries(members)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('')}></span>`;

const block = (index: number, html: string): string =>
  `<p data-assistant-stream-block-index="${index}" class="markdown">${html}</p>`;

let frames = 0;
const frame = (...directives: Array<[region: string, apply: 'replace' | 'append', html: string]>): string =>
  `<template data-web-mobile-dpu-frame="${frames++}">${directives
    .map(
      ([region, apply, html]) =>
        `<template for="${region}" data-web-mobile-dpu-apply="${apply}">${html}</template>`,
    )
    .join('')}</template>\n`;

/** The conversation's state the page sends back with its next prompt: no secret in it. */
const conversationState = (answer: MobileWebAnswer): string =>
  JSON.stringify({
    backendConversationId: answer.conversationId,
    parentMessageId: answer.messageId,
    userMessageCount: 1,
  });

/**
 * The answer as HTML frames: the conversation named, a search's status in the reasoning region, the first
 * paragraph pending and growing by its tail (plain text), then the whole answer committed with its citation
 * chip and sources, then the end. Each element is one piece of the body as it is written.
 */
export function mobileWebFrames(answer: MobileWebAnswer): string[] {
  const region = `assistant-pending-${answer.messageId}`;
  const first = answer.paragraphs[0] ?? '';
  const cut = Math.ceil(first.length / 2);
  const payload = escapeHtml(JSON.stringify(answer.sources));
  const chip = `<span data-assistant-content-reference="0"><button type="button">${escapeHtml(answer.sources[0]?.attribution ?? '')}</button></span>`;
  const committed = [
    ...answer.paragraphs.map((text, index) => block(index, `${escapeHtml(text)}${index === 0 ? chip : ''}`)),
    `<div data-assistant-sources-trigger="1" data-assistant-sources-payload="${payload}"><button type="button">Sources</button></div>`,
  ].join('');
  return [
    frame([
      'conversation-controls',
      'replace',
      control('conversation-id', { 'conversation-id': answer.conversationId }),
    ]),
    frame([
      `${region}-reasoning`,
      'replace',
      '<span data-text-shimmer-text="Searching the web">Searching the web</span>',
    ]),
    frame([`${region}-pending`, 'replace', block(0, escapeHtml(first.slice(0, cut)))]),
    frame([`${region}-pending-tail`, 'append', escapeHtml(first.slice(cut))]),
    frame([`${region}-committed-tail`, 'replace', committed]),
    frame([
      'conversation-controls',
      'replace',
      control('message-stream-complete', {
        'conversation-id': answer.conversationId,
        'message-id': answer.messageId,
        'conversation-state': conversationState(answer),
      }),
    ]),
  ];
}

/** The same answer as JSON lines: its Markdown appended piece by piece, its controls and sources beside. */
export function mobileWebLines(answer: MobileWebAnswer): string[] {
  const line = (record: Record<string, unknown>): string => `${JSON.stringify(record)}\n`;
  const text = answer.paragraphs.join('\n\n');
  const cut = Math.ceil(text.length / 2);
  const payload = escapeHtml(JSON.stringify(answer.sources));
  return [
    line({ type: 'control', detail: { kind: 'conversation-id', conversationId: answer.conversationId } }),
    line({ type: 'content', messageId: answer.messageId, markdown: text.slice(0, cut), mode: 'append' }),
    line({ type: 'content', messageId: answer.messageId, markdown: text.slice(cut), mode: 'append' }),
    line({ type: 'shared', html: `<div data-assistant-sources-payload="${payload}"></div>` }),
    line({
      type: 'control',
      detail: { kind: 'message-stream-complete', conversationId: answer.conversationId },
    }),
    line({ type: 'end' }),
  ];
}

/** A guest the site distrusts, refused inside the stream: a `failed` control in place of the answer. */
export function mobileWebFailure(conversationId: string, reason: string): string {
  return frame([
    'conversation-controls',
    'replace',
    `${control('conversation-id', { 'conversation-id': conversationId })}${control('failed', {
      'failure-status': '403',
      'failure-reason': reason,
      'failure-origin': 'sentinel',
    })}`,
  ]);
}
