import type { NormalizedMessage } from './conversation';

/** What a turn's assistant says that is reasoning, not the answer (site-interface 10.11). */
const REASONING_CONTENT: ReadonlySet<string> = new Set(['thoughts', 'reasoning_recap']);

/**
 * Whether a message is (part of) its turn's answer as the site shows it (site-interface 10.11): the
 * assistant's words to the user, on the final channel where the format names a channel; not a tool call, a
 * hidden note, a preamble, the reasoning or its recap. A turn of several assistant messages has its answer
 * last but not always: the channel says which it is.
 */
export const isAnswerMessage = (message: NormalizedMessage): boolean =>
  message.role === 'assistant' &&
  (message.recipient === null || message.recipient === 'all') &&
  !message.hidden &&
  !message.preamble &&
  !REASONING_CONTENT.has(message.contentType) &&
  (message.channel === null || message.channel === 'final') &&
  message.text !== '';
