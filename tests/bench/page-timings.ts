import type { Page } from 'playwright-core';

/**
 * Timings taken inside the chat page with the page's own `fetch` (the one the extension's page hook
 * wraps when it is loaded), so they show what the page itself waits for.
 */

/**
 * Mean milliseconds per fetch call of `path`, from the call until the page has read the whole body,
 * over `calls` calls made one after another. The page's performance.now() is coarsened (100 µs in a
 * page that is not cross-origin isolated), so one call cannot show a 0.1 ms difference: a batch's
 * total can.
 */
export function fetchCallMean(page: Page, path: string, accessToken: string, calls: number): Promise<number> {
  return page.evaluate(
    async ({ path, accessToken, calls }) => {
      const start = performance.now();
      for (let call = 0; call < calls; call += 1) {
        const response = await fetch(path, { headers: { Authorization: `Bearer ${accessToken}` } });
        await response.text();
      }
      return (performance.now() - start) / calls;
    },
    { path, accessToken, calls },
  );
}

/**
 * Milliseconds from the submit call (interface 4.5, the body the page's composer sends) until the page
 * reads the first chunk of the SSE answer; the rest of the answer is read to its end, as the page does.
 */
export function firstSseChunkTime(page: Page, conversationId: string, accessToken: string): Promise<number> {
  return page.evaluate(
    async ({ conversationId, accessToken }) => {
      const start = performance.now();
      const response = await fetch('/backend-api/f/conversation', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${accessToken}`,
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
        },
        body: JSON.stringify({
          action: 'next',
          messages: [
            {
              id: crypto.randomUUID(),
              author: { role: 'user' },
              content: { content_type: 'text', parts: ['How long does a soft-boiled egg take?'] },
              metadata: {},
            },
          ],
          conversation_id: conversationId,
          parent_message_id: null,
          model: 'auto',
        }),
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      const firstChunk = performance.now() - start;
      while (!(await reader.read()).done) {
        // the page reads its answer to the end
      }
      return firstChunk;
    },
    { conversationId, accessToken },
  );
}
