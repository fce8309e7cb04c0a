import type { Page } from 'playwright-core';

/**
 * Timings taken inside the chat page with the page's own `fetch` (the one the extension's page hook
 * wraps when it is loaded), so they show what the page itself waits for.
 */

/** Milliseconds from each fetch call of `path` until the page has read its whole body. */
export function fetchCallTimes(
  page: Page,
  path: string,
  accessToken: string,
  calls: number,
): Promise<number[]> {
  return page.evaluate(
    async ({ path, accessToken, calls }) => {
      const times: number[] = [];
      for (let call = 0; call < calls; call += 1) {
        const start = performance.now();
        const response = await fetch(path, { headers: { Authorization: `Bearer ${accessToken}` } });
        await response.text();
        times.push(performance.now() - start);
      }
      return times;
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
