/**
 * An answer stream's SSE text without its secrets, event by event: an event with a member named `token`
 * (the resume token, a JWT: site-interface 10.2) or `resume_token` (a handoff's options as one object,
 * site-interface 10.15) is dropped whole before the text leaves the page hook (architecture "Secrets").
 * Only a member name is followed by a colon, and inside a JSON string a quote is escaped (`\"token\":`), so
 * a message that writes the word is kept. An event ends at a blank line, its line ends `\n` or `\r\n`.
 */
export const withoutSecrets = (text: string): string =>
  // Each event up to its blank line, or the text after the last one.
  text.replace(/.*?\n\r?\n|.+/gs, (event) => (/"(resume_)?token"\s*:/.test(event) ? '' : event));
