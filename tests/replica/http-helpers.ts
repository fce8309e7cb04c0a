import type { IncomingMessage, ServerResponse } from 'node:http';

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** The site's error body shape: `{"detail": "..."}`. */
export function sendDetail(response: ServerResponse, status: number, detail: string): void {
  sendJson(response, status, { detail });
}

/** A 200 whose JSON body stops where a reader expects more (the transfer itself completes). */
export function sendMalformedJson(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end('{"title": "Broken", "messages": [');
}

export async function readBody(request: IncomingMessage, limit = 1_000_000): Promise<string> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > limit) throw new RangeError('request body too large');
  }
  return text;
}

/** Parses a JSON request body; undefined when it is not JSON. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(request));
  } catch {
    return undefined;
  }
}

export function startEventStream(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.flushHeaders();
}

/** Splits a text into `pieces` parts at arbitrary places (never inside a surrogate pair). */
export function splitText(text: string, pieces: number): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let index = 1; index <= pieces; index += 1) {
    let end = index === pieces ? text.length : Math.round((text.length * index) / pieces);
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end += 1;
    if (end > start) parts.push(text.slice(start, end));
    start = Math.max(start, end);
  }
  return parts;
}

/** Writes a body in several chunks with pauses between them, so a reader sees a real stream. */
export async function writeInChunks(
  response: ServerResponse,
  text: string,
  pieces: number,
  pauseMs: number,
): Promise<void> {
  for (const [index, part] of splitText(text, pieces).entries()) {
    if (index > 0) await pause(pauseMs);
    if (response.destroyed) return;
    response.write(part);
  }
}
