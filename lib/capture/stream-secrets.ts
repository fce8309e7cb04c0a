/**
 * An answer stream's SSE text without its secrets, event by event: an event with a member named `token`
 * (the resume token, a JWT: site-interface 10.2) is dropped whole before the text leaves the page hook
 * (architecture "Secrets"). Only a member name is followed by a colon, and inside a JSON string a quote is
 * escaped (`\"token\":`), so a message that writes the word is kept.
 */
export const withoutSecrets = (text: string): string =>
  text
    .split(/(?<=\n\n)/)
    .filter((event) => !/"token"\s*:/.test(event))
    .join('');
