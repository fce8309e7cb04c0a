/**
 * The export click's baseline, run inside the browser under test (Chromium or Firefox): the 10,000-message
 * conversation's messages-format pages as the site serves them, fetched by the chat page itself, and
 * JSON.parse of them. They are functions for the driver's `page.evaluate`, so they hold no closure and name
 * no inner function (tsx would wrap it in a helper the page lacks).
 */

/** Clicks timed once the pages are held, and rounds of JSON.parse timed, in both browsers. */
export const EXPORTS = 5;
export const PARSES = 11;

/**
 * Run in the popup. After the first export loaded the older pages, the popup draws 10,000 messages' views
 * and the worker stores the new snapshot: clicks in those seconds time that work too. The figure is a
 * click on a conversation that is held and shown, so the bench waits until the popup shows no load and
 * its main thread has been idle for a while.
 */
export async function untilSettled(): Promise<void> {
  const limit = performance.now() + 60_000;
  while (document.body.textContent?.includes('Loading older messages')) {
    if (performance.now() > limit) throw new Error('The popup still loads older messages after 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (let quiet = 0; quiet < 3; quiet += 1) {
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Fetched in the chat page: every messages-format page of the conversation, newest first. */
export async function fetchMessagesBodies(conversationId: string): Promise<string[]> {
  const session = (await (await fetch('/api/auth/session')).json()) as { accessToken?: string };
  const headers = { Authorization: `Bearer ${session.accessToken ?? ''}` };
  const bodies: string[] = [];
  let before: string | null = null;
  // site-interface 4.1: page with before = start_cursor until has_previous_page is false.
  for (;;) {
    const query: string = `include_has_versions=true&num_turns=100${before === null ? '' : `&before=${encodeURIComponent(before)}`}`;
    const body: string = await (
      await fetch(`/backend-api/conversations/${conversationId}?${query}`, { headers })
    ).text();
    bodies.push(body);
    const info: { start_cursor?: string; has_previous_page?: boolean } | undefined = (
      JSON.parse(body) as { page_info?: { start_cursor?: string; has_previous_page?: boolean } }
    ).page_info;
    if (!info?.has_previous_page || !info.start_cursor) return bodies;
    before = info.start_cursor;
  }
}

/** Run in the popup: the median over `rounds` of the time JSON.parse takes for all of `texts`. */
export function medianParseMs({ texts, rounds }: { texts: string[]; rounds: number }): number {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    for (const text of texts) JSON.parse(text);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** The figure's detail: the click's median and what it is compared with. */
export function exportClickDetail(
  clicks: number,
  clickMs: number,
  bodies: string[],
  parseMs: number,
): string {
  const kib = Math.round(bodies.reduce((sum, body) => sum + body.length, 0) / 1024);
  return `median of ${clicks}: ${clickMs.toFixed(0)} ms; JSON.parse of ${bodies.length} pages (${kib} KiB) ${parseMs.toFixed(1)} ms`;
}
