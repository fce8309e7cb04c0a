import type { MessageSpec } from '@/tests/replica/fixtures/conversation-builder';
import { citedAnswer } from '@/tests/replica/fixtures/conversations/cited-answer';
import { webRunCommand, webRunResult } from '@/tests/replica/fixtures/message-specs';
import { pythonJson } from './python-json';

/**
 * A typed prompt answered with a web search, stored as the site stores it (site-interface 2.4 and
 * site-interface 9.1): the model's web.run call and the tool's result naming the queries in
 * `search_model_queries` (both only in the messages format: the tree splices them out), a second, chained
 * call that opens the first result and the tool's result naming that page's URL (a bare URL: an open), then
 * an answer whose text carries cite markers that its `content_references` explain, next to the search's
 * `search_result_groups` (site-interface 10.5; the pages are cited-answer.ts's). The live answer stream
 * sends these same messages (tests/replica/live-answer.ts).
 */
export interface SearchedAnswer {
  queries: string[];
  /** The page the second call opened: the first result, without its tracking parameter. */
  openedPage: string;
  /** The search call and its result, the open call and its result: between the prompt and the answer. */
  toolMessages: MessageSpec[];
  /** The answer's text with its cite markers: what streams. */
  text: string;
  /** content_references, search_result_groups and safe_urls: what the finished answer carries. */
  metadata: Record<string, unknown>;
}

/** The model's rewrite of the prompt into searches: the question itself, then its reviews. */
export function searchQueriesFor(prompt: string): string[] {
  const question = prompt.trim().replace(/[?!.]+$/, '');
  return [question, `${question} reviews`];
}

/** A web.run call whose command the model wrote as the site's JSON is written (site-interface 10.6). */
const webRunCall = (command: Record<string, unknown>): MessageSpec =>
  webRunCommand(command, {
    content: {
      content_type: 'code',
      language: 'json',
      response_format_name: null,
      text: pythonJson(command),
    },
  });

/** The URL of the first page of the search's results, as the open call's result names it. */
function firstResultUrl(groups: unknown): string {
  const [group] = Array.isArray(groups) ? (groups as Array<{ entries?: Array<{ url?: unknown }> }>) : [];
  const url = String(group?.entries?.[0]?.url ?? '');
  return url.replace(/\?utm_source=chatgpt\.com$/, '');
}

/** `turnIndex` numbers the search in the markers' ids ("turn3search0"): one the conversation has not used. */
export function searchedAnswer(prompt: string, answer: string, turnIndex: number): SearchedAnswer {
  const queries = searchQueriesFor(prompt);
  const cited = citedAnswer(answer, turnIndex);
  const groups = cited.metadata.search_result_groups;
  const results = Array.isArray(groups) ? groups.length : 0;
  const searchRef = `turn${turnIndex}search0`;
  const openedPage = firstResultUrl(groups);
  return {
    queries,
    openedPage,
    toolMessages: [
      webRunCall({ search_query: queries.map((q) => ({ q })), response_length: 'short' }),
      webRunResult(`Found ${results} results across ${queries.length} queries.`, {
        search_model_queries: { type: 'search_model_queries', queries },
        search_result_groups: groups,
        ref_id: searchRef,
      }),
      webRunCall({ open: [{ ref_id: searchRef }] }),
      webRunResult(`Opened ${openedPage}.`, {
        command: 'open',
        search_model_queries: [openedPage],
        ref_id: `turn${turnIndex}fetch0`,
      }),
    ],
    text: cited.text,
    metadata: cited.metadata,
  };
}
