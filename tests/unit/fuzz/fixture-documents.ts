import { events, SSE_DONE, sseFrame } from '@/tests/replica/answer-stream';
import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import {
  AD_TRACKING_CANARY,
  PRODUCT_TOKEN_CANARY,
  REPLICA_TOKEN_PREFIX,
  RESUME_TOKEN_CANARY,
} from '@/tests/replica/fixtures/canaries';
import { fixture, messagesResponses } from '@/tests/replica/fixtures/fixture-helpers';
import {
  activePath,
  conversationsExport,
  type StoredConversation,
  treeResponse,
} from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { liveEvents, turnTopicId } from '@/tests/replica/live-wire';
import { conversationEntries, har, liveAnswerEntries, liveAnswerFrames } from '@/tests/support/build-har';
import { liveExportItem } from '@/tests/support/data-export-files';
import { citationsPage } from '@/tests/unit/fixtures/citations';
import { smallPages, smallTree } from '@/tests/unit/fixtures/read-fixture';
import { uiProgramPage, uiProgramStreamText, uiProgramTree } from '@/tests/unit/fixtures/ui-program';
import { jsonText } from './json-text';

/**
 * The documents the fuzz properties start from, in both vocabularies: the plain forms of
 * site-interface 1 to 9 and the live site's (site-interface 10), as the replica serves them and as the
 * hand-written unit fixtures hold them. Built once; a property mutates a copy.
 */

/** The replica's canary prefixes (canaries.ts), one a secret's area; none may appear in anything a reader returns. */
export const SECRET_CANARIES = [
  REPLICA_TOKEN_PREFIX,
  RESUME_TOKEN_CANARY,
  PRODUCT_TOKEN_CANARY,
  AD_TRACKING_CANARY,
] as const;

/** Messages-format responses: lists of pages, newest first. */
export const MESSAGES_DOCUMENTS: Record<string, unknown[]> = {
  webSearchDocument: messagesResponses(fixture('webSearch'), 2),
  liveSearch: messagesResponses(fixture('liveSearch'), 100),
  liveShopping: messagesResponses(fixture('liveShopping'), 100),
  extraKeys: messagesResponses(fixture('extraKeys'), 100),
  unitSmall: smallPages(),
  unitCitations: [citationsPage()],
  uiProgram: messagesResponses(fixture('uiProgram'), 100),
  unitUiProgram: [uiProgramPage()],
};

/** Tree-format responses. */
export const TREE_DOCUMENTS: Record<string, unknown> = {
  webSearchDocument: treeResponse(fixture('webSearch')),
  liveSearch: treeResponse(fixture('liveSearch')),
  unitSmall: smallTree(),
  unitUiProgram: uiProgramTree(),
};

/** Data-export conversations.json files: tree objects, and the live site's items with the whole stored tree. */
export const DATA_EXPORTS: Record<string, unknown[]> = {
  document: conversationsExport([fixture('plain'), fixture('webSearch')]) as unknown[],
  live: [liveExportItem(fixture('liveSearch'))],
};

/** Ads responses: the document's records with entries, the live site's ads_response records by turn, none shown. */
export const ADS_DOCUMENTS: Record<string, unknown> = {
  document: adsResponse(FIXTURE_IDS.ads, true, 'document'),
  live: adsResponse(FIXTURE_IDS.liveShopping, true, 'live'),
  noneShown: adsResponse(FIXTURE_IDS.plain, false),
};

export const ACCOUNT_DOCUMENT = meResponse();

/** product_update bodies of both forms (`entity` envelopes and document offers, `product` and live offers). */
export const PRODUCT_BODIES: Record<string, string[]> = {
  document: productCards(FIXTURE_IDS.products).map(productUpdateSse),
  live: productCards(FIXTURE_IDS.liveShopping).map(productUpdateSse),
};

/** The JSON of each data frame of an SSE body, for structural mutation; sseBody writes them back. */
export function sseFrames(body: string): unknown[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((frame) =>
      frame
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    )
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as unknown);
}

/**
 * An SSE body of data frames and `[DONE]`. Spread, a frame's JSON runs over several data lines, as the
 * replica sends a full product entity; a line break can only stand before a member or item (`,"`), because
 * JSON escapes every quote inside a string.
 */
export function sseBody(frames: readonly unknown[], spread = false): string {
  const frameText = (frame: unknown) =>
    `data: ${spread ? jsonText(frame).replaceAll(',"', ',\ndata: "') : jsonText(frame)}\n\n`;
  return `${frames.map(frameText).join('')}${SSE_DONE}`;
}

const LIVE_ID = FIXTURE_IDS.liveShopping;
const LIVE_TOPIC = turnTopicId('fuzz-turn');

/** WebSocket frames: the live site's topic arrays (with a resume token in a catch-up), the document's objects. */
export const SOCKET_FRAMES: string[] = [
  ...liveAnswerFrames(LIVE_ID, LIVE_TOPIC),
  JSON.stringify({ type: 'stream-item', conversation_id: FIXTURE_IDS.websocket, data: { sequence: 1 } }),
];

function documentAnswerBody(conversation: StoredConversation): string {
  const path = activePath(conversation);
  const question = path.findLast((message) => message.author.role === 'user');
  const answer = path.at(-1);
  if (question === undefined || answer === undefined) throw new Error('the conversation has no answer');
  return [
    sseFrame(events.input(conversation.id, question)),
    sseFrame(events.delta(conversation.id, answer)),
    sseFrame(events.complete(conversation.id)),
    SSE_DONE,
  ].join('');
}

/**
 * Submit-call SSE bodies: a document answer, the live site's handoff, a live answer streamed in the body, an
 * answer made by a UI program (site-interface 10.14).
 */
export const ANSWER_BODIES: string[] = [
  documentAnswerBody(fixture('sse')),
  liveEvents.deltaEncoding() +
    liveEvents.resumeToken(LIVE_ID) +
    liveEvents.handoff(LIVE_ID, LIVE_TOPIC) +
    liveEvents.done(),
  liveEvents.deltaEncoding() +
    liveEvents.resumeToken(LIVE_ID) +
    liveEvents.append('Cast iron ', true) +
    liveEvents.append('holds heat.', false) +
    liveEvents.finish() +
    liveEvents.complete(LIVE_ID) +
    liveEvents.done(),
  uiProgramStreamText(),
];

/** A HAR recorded on chatgpt.com: a shopping conversation of the document's form, then a live handoff answer. */
export const HAR_DOCUMENT = har([
  ...conversationEntries(FIXTURE_IDS.products, {
    ads: true,
    products: true,
    sseAnswer: true,
    webSocketFrames: 2,
  }),
  ...liveAnswerEntries(LIVE_ID, LIVE_TOPIC, liveAnswerFrames(LIVE_ID, LIVE_TOPIC)),
]);
