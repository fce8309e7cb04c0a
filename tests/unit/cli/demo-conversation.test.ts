import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownAds } from '@/features/ads/markdown-ads';
import { inspectFileText } from '@/lens/cli/inspect-file';
import { summarize } from '@/lens/cli/summary';
import type { Inspection } from '@/lens/insights/inspection';
import { readCanvases } from '@/lib/insights/canvas';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { CANVAS_FINAL, GENERATED_IMAGE_ID } from '@/tests/replica/fixtures/conversations/canvas-and-images';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY } from '@/tests/replica/fixtures/products';
import { searchQueriesFor } from '@/tests/replica/search-turn';
import { type Replica, startReplica } from '@/tests/replica/server';
import { conversationEntries, har, harEntry } from '@/tests/support/build-har';
import { asPage, call, submitPrompt } from '@/tests/unit/replica/replica-client';

/**
 * The demo conversation as `npm run demo` records it: the page's load of it in the live shapes, then a typed
 * prompt's answer as the replica streams it, read by the core `npm run inspect` runs on a HAR.
 */
const ID = FIXTURE_IDS.demo;
const PROMPT = 'Which Lisbon viewpoints are best at sunset?';

let replica: Replica;
let streamedAnswer: string;
/** The tree as the page's next poll after the answer gets it: the answer stored, without its references. */
let treeAfterAnswer: string;
beforeAll(async () => {
  replica = await startReplica();
  replica.setOverride(ID, { answerPauseMs: 0 });
  const response = await submitPrompt(replica, ID, PROMPT);
  if (response.status !== 200) throw new Error(`the prompt answered ${response.status}`);
  streamedAnswer = response.text;
  treeAfterAnswer = (await call(replica, `/backend-api/conversation/${ID}`, { headers: asPage(replica) }))
    .text;
});
afterAll(() => replica.close());

function demoInspection({ treePolledAfter = false } = {}) {
  const recorded = har([
    ...conversationEntries(ID, { ads: true, products: true, wire: 'live' }),
    harEntry({
      method: 'POST',
      path: '/backend-api/f/conversation',
      mimeType: 'text/event-stream',
      requestBody: JSON.stringify({ conversation_id: ID, action: 'next' }),
      body: streamedAnswer,
    }),
    ...(treePolledAfter
      ? [harEntry({ path: `/backend-api/conversation/${ID}`, body: treeAfterAnswer })]
      : []),
  ]);
  const result = inspectFileText(JSON.stringify(recorded));
  if (!result.ok) throw new Error(result.error.message);
  const [inspection] = result.value.inspections;
  if (inspection === undefined) throw new Error('no conversation in the recording');
  return inspection;
}

describe('the demo conversation, read through the inspect core', () => {
  it('holds searches with pages retrieved and cited across several sites, the typed prompt’s among them', () => {
    const inspection = demoInspection();
    const lastTurn = inspection.conversation.turns.length - 1;
    const searched = inspection.queries.queries
      .filter((query) => query.turnIndex === lastTurn && query.kind === 'search')
      .map((query) => query.text);
    expect(searched).toEqual(searchQueriesFor(PROMPT));
    const cited = inspection.sources.filter((source) => source.cited);
    const retrieved = inspection.sources.filter((source) => source.retrieved);
    expect(new Set(cited.map((source) => source.domain)).size).toBeGreaterThanOrEqual(5);
    expect(retrieved.some((source) => !source.cited)).toBe(true);
    expect(cited.some((source) => source.turnIndex === lastTurn && source.retrieved)).toBe(true);
    expect(cited.map((source) => source.domain)).toEqual(
      expect.arrayContaining(['timeout.com', 'theguardian.com', 'nytimes.com']),
    );
  });

  it('keeps what the stream said of the answer’s pages when the page’s tree poll brings the answer after it', () => {
    const sourcesOf = (inspection: Inspection) =>
      inspection.sources.map((source) => `${source.url} ${source.cited} ${source.retrieved}`);
    const streamed = demoInspection();
    const polled = demoInspection({ treePolledAfter: true });
    // The tree holds the answer, not its content_references (site-interface 4.2): a page cited only in the
    // answer's sources footnote is known from the stream alone.
    const answerId = streamed.conversation.messages.at(-1)?.id;
    expect(polled.conversation.messages.find((message) => message.id === answerId)?.format).toBe('tree');
    expect(sourcesOf(polled)).toEqual(sourcesOf(streamed));
    expect(polled.sources.some((source) => source.cited && !source.retrieved)).toBe(true);
  });

  it('resolves the answer’s citations and its entity', () => {
    const pieces = demoInspection().citedMessages.flatMap((message) => message.pieces);
    expect(pieces).toContainEqual({ kind: 'words', text: 'Lisbon' });
    expect(pieces.some((piece) => piece.kind === 'pages' && piece.pages.length > 1)).toBe(true);
  });

  it('holds the ads of the ads endpoint and the one the answer streamed, without their tracking', () => {
    const { ads } = demoInspection();
    const listed = ads?.ads ?? [];
    expect(listed.filter((ad) => ad.streamed).map((ad) => ad.advertiser)).toEqual(['Nordwind Gear']);
    expect(listed.filter((ad) => !ad.streamed).map((ad) => ad.advertiser)).toEqual(
      expect.arrayContaining(['Nordwind Gear', 'Soundhaus', 'Keepwell Cases', 'Ankerline Audio']),
    );
    expect(JSON.stringify(listed)).not.toContain(AD_TRACKING_CANARY);
  });

  it('names the turn of the streamed ad by its whole question in the Markdown, made inert', () => {
    const inspection = demoInspection();
    const streamed = inspection.ads?.ads.find((ad) => ad.streamed);
    const turnIndex = streamed?.turnIndex ?? null;
    if (turnIndex === null) throw new Error('the streamed ad names no turn');
    const number = inspection.conversation.turns
      .slice(0, turnIndex + 1)
      .filter((turn) => turn.userMessageId !== null).length;
    const lines = (markdown: string) => markdown.split('\n');
    expect(lines(markdownAds(inspection))).toContain(
      `   - Streamed with the answer of Turn ${number}: ${PROMPT}`,
    );
    // The same turn asked with markup in its question: the line stays one plain line of text.
    const questionId = inspection.conversation.turns[turnIndex]?.userMessageId;
    const marked: Inspection = {
      ...inspection,
      conversation: {
        ...inspection.conversation,
        messages: inspection.conversation.messages.map((message) =>
          message.id === questionId ? { ...message, text: '*Which* [viewpoints](x) are\n\nbest?' } : message,
        ),
      },
    };
    expect(lines(markdownAds(marked))).toContain(
      `   - Streamed with the answer of Turn ${number}: \\*Which\\* \\[viewpoints\\](x) are best?`,
    );
  });

  it('holds the product offers, a canvas made and changed, and a generated image', () => {
    const inspection = demoInspection();
    // The three refreshed headphones, and a product an answer names with no offer.
    expect(inspection.products.map((product) => product.title)).toHaveLength(4);
    expect(inspection.offers.filter((offer) => offer.seenIn === 'answer').length).toBeGreaterThan(0);
    expect(inspection.offers.length).toBeGreaterThan(3);
    expect(JSON.stringify(inspection.offers)).not.toContain(PRODUCT_TOKEN_CANARY);
    const [canvas] = readCanvases(inspection.conversation).documents;
    expect(canvas).toMatchObject({ name: 'Trip budget', content: CANVAS_FINAL, versions: 2 });
    const images = inspection.conversation.messages.flatMap((message) => message.assets);
    expect(images).toContainEqual(expect.objectContaining({ kind: 'image', generated: true }));
    expect(JSON.stringify(images)).toContain(GENERATED_IMAGE_ID.slice('file_'.length));
  });

  it('sums it up with its pages, its cited pages and the streamed ad', () => {
    const summary = summarize(demoInspection());
    expect(summary).toMatch(/^Sources\s+\d+ pages: \d+ cited, \d+ retrieved; \d+ domains/m);
    expect(summary).toMatch(/^Ads\s+.*1 streamed with an answer/m);
    expect(summary).toMatch(/^Offers\s+\d+ offers for 4 products$/m);
    expect(summary).toMatch(/^Transport\s+sse$/m);
  });
});
