import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { getConversation } from '@/tests/replica/fixtures/catalog';
import { messagesResponse } from '@/tests/replica/fixtures/messages-format';

/** What Chromium did with an HTML export opened from disk, as a reader opens the downloaded file. */
export interface OpenedExport {
  /** Script elements in the page. */
  scripts: number;
  /** What the page's policy blocked (`securitypolicyviolation` events), and the console's messages. */
  violations: string[];
  console: string[];
  /** Requests for anything but the file itself. */
  requests: string[];
  /** How far the page is wider than a phone's 360 px screen. */
  sidewaysOverflow: number;
  /** The body's background on a dark screen, and printed from a dark one. */
  darkBackground: string;
  printBackground: string;
  /** The page's text, and its title once loaded (a script that ran would change it). */
  text: string;
  title: string;
  /** The images the page shows, decoded, each by its width in pixels (0: not shown). */
  imageWidths: number[];
}

declare global {
  interface Window {
    policyViolations?: string[];
  }
}

/**
 * Opens `html` saved as a file in a new page of `context` at a phone's width, listening from before its
 * first byte (an init script, which the page's own policy does not govern) for what its policy blocks.
 */
export async function openExport(context: BrowserContext, html: string): Promise<OpenedExport> {
  const folder = mkdtempSync(join(tmpdir(), 'chat-lens-html-'));
  const file = join(folder, 'export.html');
  try {
    writeFileSync(file, html);
    return await readSavedExport(context, file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function readSavedExport(context: BrowserContext, file: string): Promise<OpenedExport> {
  const page = await context.newPage();
  const consoleMessages: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => consoleMessages.push(message.text()));
  page.on('pageerror', (error) => consoleMessages.push(error.message));
  page.on('request', (request) => {
    if (request.url() !== `file://${file}`) requests.push(request.url());
  });
  await page.addInitScript(() => {
    window.policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.policyViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const seen = await page.evaluate(() => ({
    scripts: document.scripts.length,
    violations: window.policyViolations ?? [],
    sidewaysOverflow: document.documentElement.scrollWidth - window.innerWidth,
    text: document.body.innerText,
    title: document.title,
    imageWidths: [...document.images].map((image) => image.naturalWidth),
  }));
  const darkBackground = await background();
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const printBackground = await background();
  await page.close();
  return { ...seen, console: consoleMessages, requests, darkBackground, printBackground };
}

/** Markup and links a message may hold, which the page must show as text and never follow or run. */
export const HOSTILE_MESSAGE = [
  '<script>document.title = "ran"</script>',
  '<img src=x onerror="document.title = \'ran\'">',
  '[click](javascript:document.title="ran") ![pixel](https://tracker.example/p.gif)',
  '<style>body{background:url(https://tracker.example/bg.png)}</style>',
].join('\n\n');

/** The replica's conversation `id` read as the worker reads it, its first prompt replaced by `text`. */
export function conversationSaying(id: string, text: string): Inspection {
  const stored = getConversation(id);
  if (stored === undefined) throw new Error(`no replica conversation ${id}`);
  const read = normalizeMessagesFormat([messagesResponse(stored, { numTurns: 100 })]);
  if (!read.ok) throw new Error(read.error.message);
  const prompt = read.value.messages.findIndex((message) => message.role === 'user');
  const messages = read.value.messages.map((message, place) =>
    place === prompt ? { ...message, text } : message,
  );
  return inspect({ conversation: { ...read.value, messages } });
}
