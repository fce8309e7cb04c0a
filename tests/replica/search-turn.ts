import type { MessageSpec } from '@/tests/replica/fixtures/conversation-builder';
import { citedAnswer } from '@/tests/replica/fixtures/conversations/cited-answer';
import { webRunCommand, webRunResult } from '@/tests/replica/fixtures/message-specs';

/**
 * A typed prompt answered with a web search, stored as the site stores it (site-interface 2.4 and
 * site-interface 9.1): the model's web.run call and the tool's result naming the queries in
 * `search_model_queries` (both only in the messages format: the tree splices them out), then an answer whose
 * text carries cite markers that its `content_references` explain, next to the search's
 * `search_result_groups` (site-interface 10.5; the pages are cited-answer.ts's).
 */
export interface SearchedAnswer {
  queries: string[];
  /** The web.run call and its result, between the prompt and the answer. */
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

/** `turnIndex` numbers the search in the markers' ids ("turn3search0"): one not used before in the conversation. */
export function searchedAnswer(prompt: string, answer: string, turnIndex: number): SearchedAnswer {
  const queries = searchQueriesFor(prompt);
  const cited = citedAnswer(answer, turnIndex);
  const results = Array.isArray(cited.metadata.search_result_groups)
    ? cited.metadata.search_result_groups.length
    : 0;
  return {
    queries,
    toolMessages: [
      webRunCommand({ search_query: queries.map((q) => ({ q })), response_length: 'short' }),
      webRunResult(`Found ${results} results across ${queries.length} queries.`, {
        search_model_queries: { type: 'search_model_queries', queries },
        ref_id: `turn${turnIndex}search0`,
      }),
    ],
    text: cited.text,
    metadata: cited.metadata,
  };
}
