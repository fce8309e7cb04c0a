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

/** The page's own fetch against a native one, call by call, in ms from the call until the body is read. */
export interface HookTiming {
  /** One per pair of calls made one after the other: the page's fetch minus the native fetch. */
  pairDifferences: number[];
  pageMean: number;
  nativeMean: number;
  /** The page's clock resolves 5 µs when true (the replica's test page), 100 µs otherwise. */
  crossOriginIsolated: boolean;
}

export interface HookTimingOptions {
  path: string;
  accessToken: string;
  /** Pairs run first and not counted: the connection, the caches and the hook's first copy warm up. */
  warmUpPairs: number;
  pairs: number;
  pauseMs: number;
  /** Whether the page's fetch must be the hook's wrapper (the extension is loaded) or the native one. */
  pageFetch: 'hooked' | 'native';
}

/**
 * Runs inside a chat-site page: the page's `window.fetch` (the hook's wrapper when the extension is
 * loaded) against the native fetch of a same-origin about:blank iframe made here, which the hook never
 * enters (the manifest's content scripts have neither all_frames nor match_about_blank; checked, not
 * assumed). Calls alternate one by one, which goes first alternating too, and each call is followed by an
 * untimed pause so the hook's copy, its message and the relay's handling of it finish before the next
 * call: neither side pays for the other. Self-contained, as it is sent to the page as its source.
 */
export async function timeHookedAgainstNative(options: HookTimingOptions): Promise<HookTiming> {
  const { path, accessToken, warmUpPairs, pairs, pauseMs, pageFetch } = options;
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  document.body.append(frame);
  const frameWindow = frame.contentWindow as Window & typeof globalThis;
  // No function declared in here: the bundler would wrap it in a helper the page does not have.
  const ownFetch = window.fetch;
  const nativeFetch = frameWindow.fetch;
  const [ownIsNative, frameIsNative] = [ownFetch, nativeFetch].map((fetch) =>
    Function.prototype.toString.call(fetch).includes('[native code]'),
  );
  if (ownIsNative !== (pageFetch === 'native') || !frameIsNative)
    throw new Error(`Expected the page's fetch to be ${pageFetch} and its about:blank frame's native.`);
  // Absolute, so both resolve the same URL whatever base the frame inherits.
  const url = new URL(path, location.href).href;
  const init = { headers: { Authorization: `Bearer ${accessToken}` } };
  const pairDifferences: number[] = [];
  let [pageTotal, nativeTotal, firstOfPair] = [0, 0, 0];
  // page, native, native, page, …: which side goes first alternates pair by pair.
  for (let call = -warmUpPairs * 2; call < pairs * 2; call += 1) {
    const isPage = (call & 3) === 0 || (call & 3) === 3;
    const start = performance.now();
    const response = await (isPage
      ? ownFetch.call(window, url, init)
      : nativeFetch.call(frameWindow, url, init));
    await response.text();
    const elapsed = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    if (call < 0) continue;
    if (isPage) pageTotal += elapsed;
    else nativeTotal += elapsed;
    const signed = isPage ? elapsed : -elapsed;
    if (call % 2 === 0) firstOfPair = signed;
    else pairDifferences.push(firstOfPair + signed);
  }
  frame.remove();
  return {
    pairDifferences,
    pageMean: pageTotal / pairs,
    nativeMean: nativeTotal / pairs,
    crossOriginIsolated,
  };
}

/** The same timing in a page Playwright drives. */
export function hookedAgainstNativeFetch(page: Page, options: HookTimingOptions): Promise<HookTiming> {
  return page.evaluate(timeHookedAgainstNative, options);
}

/**
 * A page that runs the same timing when loaded and posts its HookTiming, or `{ error }`, to the replica's
 * /__replica/report: for a browser no automation is attached to (unattended-browser.ts).
 */
export function hookTimingPageHtml(options: HookTimingOptions): string {
  const script = `(${timeHookedAgainstNative.toString()})(${JSON.stringify(options)})
  .then((timing) => timing, (error) => ({ error: String(error) }))
  .then((report) => fetch('/__replica/report', { method: 'POST', body: JSON.stringify(report) }))`;
  if (/<\/script/i.test(script)) throw new Error('The timing script would end its own <script> element.');
  return `<!doctype html><html><head><meta charset="utf-8"><title>hook timing</title></head><body>
<script>addEventListener('load', () => ${script});</script></body></html>`;
}

/**
 * Milliseconds from the submit call (site-interface 4.5, the body the page's composer sends) until the page
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
