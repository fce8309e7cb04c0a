import type { BrowserContext, CDPSession, ConsoleMessage, Page, Response } from 'playwright-core';

/** What the chat site sent the browser, and which page (or the extension's worker) it reached. */
export interface Received {
  /** The URL of the page it reached, or 'service worker'. */
  reachedUrl: string;
  text: string;
}

/** Everything the browser did while watched. */
export interface BrowserWatch {
  /** Every URL asked for: requests of the pages and of the extension's worker, and WebSocket connections. */
  requestUrls: string[];
  /**
   * Console output and uncaught errors of every context, one entry each, naming the context: every world
   * of every page (the chat page's own, where the page hook runs, and the relay's), the extension's
   * pages, and the service worker.
   */
  consoleLines: string[];
  /** The bodies and WebSocket frames that may carry a secret: the session, ads, product refreshes, answers. */
  received: Received[];
  /** Resolves once every body and console argument seen so far was read. */
  settled(): Promise<void>;
}

/**
 * The chat site's responses that carry planted secrets: the session's token (site-interface 5), ads
 * (site-interface 4.3), product refreshes (site-interface 4.4) and answers (site-interface 4.5).
 */
const SECRET_BEARING =
  /^\/(api\/auth\/session|backend-api\/(bazaar\/conversation\/[^/]+\/ads|search\/product_update|f\/conversation))$/;

function reachedUrlOf(response: Response): string {
  const request = response.request();
  return request.serviceWorker() !== null ? 'service worker' : request.frame().page().url();
}

async function consoleLine(message: ConsoleMessage): Promise<string> {
  // The text is the console's preview, which shortens long strings: the arguments' values in full too.
  const values = await Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => null)));
  return `${message.page()?.url()} ${message.type()}: ${message.text()} ${JSON.stringify(values)}`;
}

interface TargetInfo {
  targetId: string;
  type: string;
}

/**
 * The worker's console and uncaught errors over CDP (Playwright reports its console, not its errors):
 * attached through a page's session, as a non-flat child, with Runtime and Log enabled, which also
 * replays what it logged before. A worker started later (after a stop) is attached when it appears.
 */
async function watchServiceWorkers(cdp: CDPSession, lines: string[]): Promise<void> {
  const attached = new Set<string>();
  const attach = async (target: TargetInfo): Promise<void> => {
    if (target.type !== 'service_worker' || attached.has(target.targetId)) return;
    attached.add(target.targetId);
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    });
    for (const [id, method] of ['Runtime.enable', 'Log.enable'].entries())
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
  };
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const { method, params } = JSON.parse(message) as { method?: string; params?: unknown };
    if (
      method === 'Runtime.consoleAPICalled' ||
      method === 'Runtime.exceptionThrown' ||
      method === 'Log.entryAdded'
    )
      lines.push(`service worker ${method}: ${JSON.stringify(params)}`);
  });
  cdp.on('Target.targetCreated', ({ targetInfo }) => void attach(targetInfo).catch(() => undefined));
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  for (const target of (await cdp.send('Target.getTargets')).targetInfos) await attach(target);
}

/**
 * Starts recording the browser: from here on, every request, console line, uncaught error and secret-
 * bearing response. Opens one blank tab of its own, which must stay open.
 */
export async function watchBrowser(context: BrowserContext): Promise<BrowserWatch> {
  const pending: Array<Promise<unknown>> = [];
  const watch: BrowserWatch = {
    requestUrls: [],
    consoleLines: [],
    received: [],
    settled: async () => {
      await Promise.all(pending);
    },
  };
  context.on('request', (request) => watch.requestUrls.push(request.url()));
  context.on('response', (response) => {
    if (new URL(response.url()).hostname !== 'chatgpt.com') return;
    if (!SECRET_BEARING.test(new URL(response.url()).pathname)) return;
    const reachedUrl = reachedUrlOf(response);
    // A body cut off mid-way (the cutOffSse scenario) has no text to read.
    pending.push(
      response
        .text()
        .then((text) => watch.received.push({ reachedUrl, text }))
        .catch(() => undefined),
    );
  });
  context.on('console', (message) => {
    // The worker's console comes over CDP, with its errors.
    if (message.worker() === null)
      pending.push(consoleLine(message).then((line) => watch.consoleLines.push(line)));
  });
  context.on('weberror', (error) =>
    watch.consoleLines.push(
      `${error.page()?.url()} uncaught: ${error.error().stack ?? error.error().message}`,
    ),
  );
  const watchSockets = (page: Page): void => {
    page.on('websocket', (socket) => {
      watch.requestUrls.push(socket.url());
      socket.on('framereceived', ({ payload }) =>
        watch.received.push({ reachedUrl: page.url(), text: String(payload) }),
      );
    });
  };
  for (const page of context.pages()) watchSockets(page);
  context.on('page', watchSockets);
  const blank = await context.newPage();
  await watchServiceWorkers(await context.newCDPSession(blank), watch.consoleLines);
  return watch;
}
