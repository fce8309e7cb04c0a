import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { AD_TRACKING_CANARY, CANARY_MARKERS } from '@/tests/replica/fixtures/canaries';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { LIVE_SOCKET_HOST, LIVE_SOCKET_PATH, resumeTokenEvent } from '@/tests/replica/live-wire';
import { pythonJson } from '@/tests/replica/python-json';
import { searchQueriesFor } from '@/tests/replica/search-turn';
import { type Replica, startReplica } from '@/tests/replica/server';
import {
  dataOf,
  growingDeltas,
  type JsonObject,
  milestones,
  openedMessage,
  topicStream,
  type WrittenEvent,
  writtenEvents,
} from './live-stream-reading';
import { asPage, call, json, openSocket, submitPrompt } from './replica-client';

/**
 * The live form's answer stream (site-interface 10.6) in both transports: the SSE body of the submit call,
 * and the `encoded_item`s of a topic on ws.chatgpt.com after a handoff (site-interface 10.1 and
 * site-interface 10.2). What the deltas assemble must be exactly what the next load of the conversation
 * returns (site-interface 4.1).
 */
let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

const TEXT = '/message/content/parts/0';
const REFERENCES = '/message/metadata/content_references';
const BARE_URL = /^https?:\/\/\S+$/;

/** The order of a searched answer's records: its two web.run calls and their results, then the answer. */
const SEARCHED_ORDER = [
  'delta_encoding',
  'resume_conversation_token',
  'input_message',
  'open assistant to web.run',
  'marker user_visible_token',
  'marker search_start',
  'open tool(web.run) to all',
  'open assistant to web.run',
  'open tool(web.run) to all',
  'open assistant to all',
  'marker final_channel_token',
  'marker last_token',
  'server_ste_metadata',
  'message_stream_complete',
  'conversation_detail_metadata',
  'ads',
  'title_generation',
];

/** The last turn as the messages format stores it: the prompt, then every message of the answer. */
async function storedTurn(conversationId: string) {
  const path = `/backend-api/conversations/${conversationId}?include_has_versions=true&num_turns=1`;
  const page = json(await call(replica, path, { headers: asPage(replica) }));
  const [prompt, ...answer] = page.messages as JsonObject[];
  if (prompt === undefined) throw new Error('the turn has no prompt');
  return { title: page.title, prompt, answer };
}

/** A prompt answered by a handoff: the SSE body and the topic's encoded items, each once, as one text. */
async function handedOffAnswer(conversationId: string, prompt: string) {
  const socket = await openSocket(replica, LIVE_SOCKET_HOST, LIVE_SOCKET_PATH);
  const handoff = await submitPrompt(replica, conversationId, prompt);
  const [topicId = ''] = readStreamedTurn(handoff.text).handoffTopics;
  socket.send({ type: 'subscribe', topic_id: topicId, offset: '0' });
  await expect.poll(() => topicStream(socket.frames, topicId).done, { timeout: 10_000 }).toBe(true);
  socket.close();
  const stream = topicStream(socket.frames, topicId);
  return { handoff, stream, text: stream.items.join('') };
}

/** The data of the first event that is the given typed record. */
function typedRecord(events: readonly WrittenEvent[], type: string): JsonObject {
  const found = events.map((written) => dataOf(written) as JsonObject | null).find((r) => r?.type === type);
  if (found == null) throw new Error(`no ${type} record`);
  return found;
}

interface Operation {
  p?: unknown;
  o?: unknown;
  v?: unknown;
}

/** Every delta as its operations: a patch's one by one. */
const operations = (deltas: readonly JsonObject[]): Operation[] =>
  deltas.flatMap((delta): Operation[] => (delta.o === 'patch' ? (delta.v as Operation[]) : [delta]));

/** The JSON the site writes (site-interface 10.6): Python's separators everywhere but the resume token. */
function expectPythonWritten(
  events: readonly WrittenEvent[],
  conversationId: string,
  carrier: 'sse' | 'websocket',
) {
  for (const written of events) {
    const data = written.data.trimEnd();
    if (data === '[DONE]') continue;
    const value = JSON.parse(data) as JsonObject;
    // The planted resume token goes out exactly as the replica always wrote it.
    if (value.type === 'resume_conversation_token')
      expect(data).toBe(JSON.stringify(resumeTokenEvent(conversationId, carrier)));
    else expect(data).toBe(pythonJson(value));
  }
  const labelled = (select: (written: WrittenEvent) => boolean) => milestones(events.filter(select));
  expect(labelled((written) => written.data.endsWith(' '))).toEqual(
    expect.arrayContaining(['marker user_visible_token', 'marker last_token', 'message_stream_complete']),
  );
  expect(labelled((written) => written.comments.includes(': ping')).length).toBeGreaterThan(0);
}

/** The streamed ad unit (site-interface 10.4): one record, every tracking value a planted canary. */
function expectPlantedAd(text: string, kind: 'single' | 'multi', conversationId: string) {
  const events = writtenEvents(text);
  const ad = typedRecord(events, 'ads');
  expect(ad).toMatchObject({
    visibility: { status: 'allowed' },
    ads_request_id: expect.any(String),
    ads_spam_integrity_payload: expect.stringMatching(
      new RegExp(`^${CANARY_MARKERS.adsSpamIntegrityPayload}`),
    ),
    conversation_id: conversationId,
  });
  const content = ad.content as JsonObject;
  const units = (kind === 'single' ? [content] : content.ads) as JsonObject[];
  expect(content.type).toBe(kind === 'single' ? 'single_advertiser_ad_unit' : 'multi_advertiser_ad_unit');
  expect(units.length).toBe(kind === 'single' ? 1 : 2);
  const cards = units.flatMap((unit) => unit.carousel_cards as JsonObject[]);
  for (const unit of units) expect(unit.advertiser_brand).toMatchObject({ name: expect.any(String) });
  for (const card of cards)
    expect(card.ad_data_token).toMatch(new RegExp(`^${CANARY_MARKERS.adDataTokenMember}`));
  const links = cards.map((card) => String((card.target as JsonObject).value)).join(' ');
  for (const place of ['oppref', 'olref'] as const) expect(links).toContain(CANARY_MARKERS[place]);
  // The extension reads the unit with its links clean and no token left.
  const read = readStreamedTurn(text).ads;
  expect(read.map((entry) => entry.advertiser.name)).toEqual(
    units.map((unit) => (unit.advertiser_brand as JsonObject).name),
  );
  expect(JSON.stringify(read)).not.toContain(AD_TRACKING_CANARY);
}

/** The deltas of a searched answer, message by message, as site-interface 10.6 describes them. */
function expectSearchedDeltas(events: readonly WrittenEvent[], prompt: string) {
  const opens = events.flatMap((written) => {
    const message = openedMessage(written);
    return message === null
      ? []
      : [{ record: JSON.parse(written.data) as JsonObject, message, at: events.indexOf(written) }];
  });
  expect(opens.map(({ record }) => record.c)).toEqual([0, 1, 2, 3, 4]);
  expect(opens[0]?.record).toMatchObject({
    p: '',
    o: 'add',
    v: { conversation_id: expect.any(String), error: null },
  });
  for (const { record } of opens.slice(1)) expect(Object.keys(record).sort()).toEqual(['c', 'v']);
  const between = (index: number) => growingDeltas(events.slice(opens[index]?.at, opens[index + 1]?.at));

  // The search call: its JSON text appended in pieces, the first naming its path, then a finishing patch.
  const [searchCall, searchResult, , openResult, answer] = opens.map(({ message }) => message);
  expect(searchCall?.content).toMatchObject({ content_type: 'code', text: '' });
  const callDeltas = between(0);
  expect(callDeltas[0]).toMatchObject({ p: '/message/content/text', o: 'append' });
  expect(callDeltas[1]).toEqual({ v: expect.any(String) });
  expect(callDeltas.at(-1)).toMatchObject({ p: '', o: 'patch' });
  expect(searchResult?.metadata).toMatchObject({
    search_model_queries: { type: 'search_model_queries', queries: searchQueriesFor(prompt) },
    search_result_groups: expect.arrayContaining([expect.objectContaining({ domain: expect.any(String) })]),
  });
  // The chained call opens the first result; the tool's result names that page by its bare URL.
  const groups = searchResult?.metadata as {
    search_result_groups: Array<{ entries: Array<{ url: string }> }>;
  };
  const firstUrl = groups.search_result_groups[0]?.entries[0]?.url.replace(/\?.*$/, '');
  const openText = between(2)
    .flatMap((delta) => (typeof delta.v === 'string' ? [delta.v] : []))
    .join('');
  expect(JSON.parse(openText)).toEqual({ open: [{ ref_id: expect.stringMatching(/^turn\d+search0$/) }] });
  const opened = (openResult?.metadata as JsonObject | undefined)?.search_model_queries as string[];
  expect(opened).toEqual([firstUrl]);
  expect(opened[0]).toMatch(BARE_URL);

  // The answer: text in pieces, references as placeholders, replaced (alone or in a patch), one made valid.
  expect(answer).toMatchObject({ recipient: 'all', status: 'in_progress', content: { parts: [''] } });
  const answerDeltas = between(4);
  expect(answerDeltas.find((delta) => delta.p === TEXT)).toMatchObject({
    o: 'append',
    v: expect.any(String),
  });
  expect(answerDeltas.some((delta) => Object.keys(delta).join() === 'v' && typeof delta.v === 'string')).toBe(
    true,
  );
  const steps = operations(answerDeltas);
  const placeholders = steps
    .filter((step) => step.p === REFERENCES && step.o === 'append')
    .flatMap((step) => step.v as JsonObject[])
    .filter((reference) => reference.type === 'hidden' && reference.invalid === true);
  expect(placeholders.length).toBeGreaterThan(1);
  for (const placeholder of placeholders) expect(placeholder.matched_text).toEqual(expect.any(String));
  const replacing = /^\/message\/metadata\/content_references\/(\d+)$/;
  expect(answerDeltas.some((delta) => delta.o === 'replace' && replacing.test(String(delta.p)))).toBe(true);
  const inPatches = operations(answerDeltas.filter((delta) => delta.o === 'patch'));
  expect(inPatches.some((step) => step.o === 'replace' && replacing.test(String(step.p)))).toBe(true);
  const removal = answerDeltas.find((delta) => delta.o === 'remove');
  const removed = /^\/message\/metadata\/content_references\/(\d+)\/invalid$/.exec(String(removal?.p))?.[1];
  expect(removed).toBeDefined();
  expect(
    steps.find((step) => step.p === `${REFERENCES}/${removed}` && step.o === 'replace')?.v,
  ).toMatchObject({
    invalid: true,
  });
  expect(steps.find((step) => step.p === '/message/metadata' && step.o === 'append')?.v).toMatchObject({
    search_result_groups: expect.any(Array),
  });
  const finish = answerDeltas.at(-1) as { o: string; v: Array<{ p: string }> };
  expect(finish.o).toBe('patch');
  expect(finish.v.map((step) => step.p)).toEqual([
    '/message/status',
    '/message/end_turn',
    '/message/metadata',
  ]);
}

/** Applying the stream's deltas gives exactly the turn the next load returns. */
async function expectStoredAsStreamed(text: string, conversationId: string) {
  const streamed = readStreamedTurn(text);
  const stored = await storedTurn(conversationId);
  expect(streamed.warnings).toEqual([]);
  expect(streamed.inputMessage).toEqual(stored.prompt);
  expect(streamed.messages).toEqual(stored.answer);
  expect(stored.answer.at(-1)).toMatchObject({ status: 'finished_successfully', end_turn: true });
  return streamed;
}

describe('a searched answer in the live form (site-interface 10.6)', () => {
  it('streams over SSE: every record in order, Python-written, pings, a multi-advertiser ad', async () => {
    const id = FIXTURE_IDS.liveSearch;
    const prompt = 'Which trail shoes suit wide feet, for muddy: rocky, trails?';
    const response = await submitPrompt(replica, id, prompt);
    expect(response.cutOff).toBe(false);
    const events = writtenEvents(response.text);
    expect(milestones(events)).toEqual([...SEARCHED_ORDER, '[DONE]']);
    expectSearchedDeltas(events, prompt);
    expectPythonWritten(events, id, 'sse');
    expectPlantedAd(response.text, 'multi', id);
    const streamed = await expectStoredAsStreamed(response.text, id);
    expect(streamed.serverMetadata).toMatchObject({ is_search: true, search_tool_call_count: 2 });
    expect(streamed).toMatchObject({ ended: true, complete: true });
  });

  it('streams after a handoff: the same records in the topic, items whole, then done', async () => {
    const id = FIXTURE_IDS.liveSearchHandoff;
    const prompt = 'Which bakeries in Alfama open early, and which sell gluten-free bread?';
    const { handoff, stream, text } = await handedOffAnswer(id, prompt);
    expect(writtenEvents(handoff.text).at(-1)?.data).toBe('[DONE]');
    expect(stream.received).toBe(stream.items.length + 1);
    for (const item of stream.items) expect(item.endsWith('\n\n')).toBe(true);
    expect(stream.items.some((item) => writtenEvents(item).length > 1)).toBe(true);
    expect(stream.items.some((item) => item.startsWith(': ping\n\n'))).toBe(true);
    const events = writtenEvents(text);
    expect(milestones(events)).toEqual(SEARCHED_ORDER);
    expectSearchedDeltas(events, prompt);
    expectPythonWritten(events, id, 'websocket');
    expectPlantedAd(text, 'single', id);
    await expectStoredAsStreamed(text, id);
  });
});

describe('an answer without a search in the live form', () => {
  it("streams one message over the WebSocket, typed records around it, one advertiser's ad", async () => {
    const id = FIXTURE_IDS.liveShopping;
    const { text } = await handedOffAnswer(id, 'Which of these folds flat for a long flight?');
    const events = writtenEvents(text);
    expect(milestones(events)).toEqual([
      'delta_encoding',
      'resume_conversation_token',
      'input_message',
      'open assistant to all',
      'marker user_visible_token',
      'marker final_channel_token',
      'marker last_token',
      'server_ste_metadata',
      'message_stream_complete',
      'conversation_detail_metadata',
      'ads',
      'title_generation',
    ]);
    expect(typedRecord(events, 'server_ste_metadata').metadata).toMatchObject({
      tool_invoked: false,
      is_search: false,
      search_tool_call_count: 0,
      turn_use_case: 'text',
      did_auto_switch_to_reasoning: false,
    });
    expect(typedRecord(events, 'conversation_detail_metadata')).toMatchObject({
      limits_progress: expect.any(Array),
      blocked_features: [],
      default_model_slug: expect.any(String),
    });
    expectPythonWritten(events, id, 'websocket');
    expectPlantedAd(text, 'single', id);
    const streamed = await expectStoredAsStreamed(text, id);
    // Every prompt's stream names the conversation's title, which the next load agrees with.
    expect(streamed.title).toBe((await storedTurn(id)).title);
  });
});

describe('a live answer cut off (site-interface 10.6: a body may be cut off anywhere)', () => {
  it('breaks off in the middle of a data line, without [DONE]; what came whole was stored', async () => {
    const id = FIXTURE_IDS.liveCutOff;
    const response = await submitPrompt(replica, id, 'Where can I hear fado on a Tuesday?');
    expect(response.cutOff).toBe(true);
    expect(response.text).not.toContain('[DONE]');
    const lastLine = response.text.slice(response.text.lastIndexOf('\n') + 1);
    expect(lastLine).toMatch(/^data: \{/);
    expect(() => JSON.parse(lastLine.slice('data: '.length))).toThrow();

    const whole = response.text.slice(0, response.text.lastIndexOf('\n\n') + 2);
    const streamed = readStreamedTurn(whole);
    expect(streamed.warnings).toEqual([]);
    expect(milestones(writtenEvents(whole))).not.toContain('message_stream_complete');
    const stored = await storedTurn(id);
    const [storedAnswer, ...storedTools] = [...stored.answer].reverse();
    const [streamedAnswer, ...streamedTools] = [...streamed.messages].reverse();
    expect(streamedTools).toEqual(storedTools);
    expect(storedAnswer).toMatchObject({ status: 'finished_partial_completion' });
    expect(storedAnswer?.content).toEqual(streamedAnswer?.content);
    expect((streamedAnswer?.content as { parts?: string[] } | undefined)?.parts?.[0]).not.toBe('');
  });
});

describe('pythonJson: the JSON the live site writes', () => {
  it("writes Python's separators, and strings exactly, ':' and ',' inside them included", () => {
    const value = { a: 'x: 1, y: 2', b: [1, 'a,b', { c: null, d: true }], e: {}, f: [], g: 'é\ue200"\\' };
    expect(pythonJson(value)).toBe(
      '{"a": "x: 1, y: 2", "b": [1, "a,b", {"c": null, "d": true}], "e": {}, "f": [], "g": "é\ue200\\"\\\\"}',
    );
    expect(JSON.parse(pythonJson(value))).toEqual(value);
  });

  it('leaves out what JSON.stringify leaves out', () => {
    const value = { kept: 1, dropped: undefined, list: [undefined, 2] };
    expect(JSON.parse(pythonJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(pythonJson(undefined)).toBe('null');
  });
});
