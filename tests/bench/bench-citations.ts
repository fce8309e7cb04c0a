import { citedAnswer } from '@/tests/replica/fixtures/conversations/cited-answer';

/**
 * Citations as the live site sends them (cited-answer.ts), added to every answer of a generated
 * messages-format response so the insights and Markdown benchmarks pay for the sources and the marker
 * rewriting. `response` is a messages-format page as JSON.
 */
export function withCitations(response: unknown): unknown {
  const { messages } = response as { messages: Array<Record<string, unknown>> };
  let turn = 0;
  for (const message of messages) {
    const author = message.author as { role?: string } | undefined;
    const content = message.content as { content_type?: string; parts?: unknown[] } | undefined;
    const text = content?.parts?.[0];
    if (author?.role !== 'assistant' || content?.content_type !== 'text' || typeof text !== 'string')
      continue;
    const answer = citedAnswer(text, turn);
    turn += 1;
    content.parts = [answer.text];
    message.metadata = { ...(message.metadata as Record<string, unknown>), ...answer.metadata };
  }
  return response;
}
