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

/** Per call, in ms: the page's own (hooked) fetch and a native fetch, from the call until the body is read. */
export interface HookedAgainstNative {
  /** One per block: the block's mean hooked call minus its mean native call. */
  blockDifferences: number[];
  hookedMean: number;
  nativeMean: number;
}

/**
 * The page hook's own added time, in the same page of the same browser: the page's `window.fetch`
 * (wrapped by the hook) against the native fetch of a same-origin about:blank iframe made here, which
 * the hook never enters (the manifest's content scripts have neither all_frames nor match_about_blank;
 * checked below, not assumed). Calls alternate one by one, which goes first alternating too, and each
 * call is followed by an untimed pause so the hook's copy, its message and the relay's handling of it
 * finish before the next call: neither side pays for the other. The clock is coarsened (100 µs, with
 * jitter), so each block's sums are compared, not single calls.
 */
export function hookedAgainstNativeFetch(
  page: Page,
  path: string,
  accessToken: string,
  { blocks, pairsPerBlock, pauseMs }: { blocks: number; pairsPerBlock: number; pauseMs: number },
): Promise<HookedAgainstNative> {
  return page.evaluate(
    async ({ path, accessToken, blocks, pairsPerBlock, pauseMs }) => {
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      document.body.append(frame);
      const frameWindow = frame.contentWindow as Window & typeof globalThis;
      // No function declared in here: the bundler would wrap it in a helper the page does not have.
      const hookedFetch = window.fetch;
      const nativeFetch = frameWindow.fetch;
      const source = Function.prototype.toString;
      if (
        source.call(hookedFetch).includes('[native code]') ||
        !source.call(nativeFetch).includes('[native code]')
      )
        throw new Error('Expected the hooked fetch in the page and the native one in its about:blank frame.');
      // Absolute, so both resolve the same URL whatever base the frame inherits.
      const url = new URL(path, location.href).href;
      const init = { headers: { Authorization: `Bearer ${accessToken}` } };
      const blockDifferences: number[] = [];
      let [hookedTotal, nativeTotal] = [0, 0];
      for (let block = 0; block < blocks; block += 1) {
        let [hooked, native] = [0, 0];
        // hooked, native, native, hooked, …: which side goes first alternates pair by pair.
        for (let call = 0; call < pairsPerBlock * 2; call += 1) {
          const isHooked = call % 4 === 0 || call % 4 === 3;
          const start = performance.now();
          const response = await (isHooked
            ? hookedFetch.call(window, url, init)
            : nativeFetch.call(frameWindow, url, init));
          await response.text();
          const elapsed = performance.now() - start;
          if (isHooked) hooked += elapsed;
          else native += elapsed;
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
        blockDifferences.push((hooked - native) / pairsPerBlock);
        hookedTotal += hooked;
        nativeTotal += native;
      }
      frame.remove();
      const calls = blocks * pairsPerBlock;
      return { blockDifferences, hookedMean: hookedTotal / calls, nativeMean: nativeTotal / calls };
    },
    { path, accessToken, blocks, pairsPerBlock, pauseMs },
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
