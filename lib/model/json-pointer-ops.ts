import { isRecord, type JsonRecord } from './json-read';

/**
 * The operations of the answer stream's v1 deltas (site-interface 10.6), applied to a JSON document at a
 * JSON pointer (RFC 6901): `add`, `replace` and `remove` as JSON Patch has them, and `append`, which adds
 * to a string, a list or an object. A pointer that names nothing, or an operation the value there cannot
 * take, changes nothing and answers false: the stream goes on without it.
 */
export type PointerOp = 'add' | 'append' | 'replace' | 'remove';

/** Keys that would reach an object's prototype: never walked or written. */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const tokenCache = new Map<string, string[] | null>();
/** The pointers of one stream are few and repeat thousands of times. */
const MAX_CACHED_POINTERS = 256;

/** "/message/content/parts/0" as its tokens; "" is the whole document; null for no pointer. */
export function pointerTokens(pointer: string): string[] | null {
  const cached = tokenCache.get(pointer);
  if (cached !== undefined) return cached;
  const tokens =
    pointer === ''
      ? []
      : pointer.startsWith('/')
        ? pointer
            .slice(1)
            .split('/')
            .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
        : null;
  if (tokenCache.size >= MAX_CACHED_POINTERS) tokenCache.clear();
  tokenCache.set(pointer, tokens);
  return tokens;
}

type Container = JsonRecord | unknown[];

const isContainer = (value: unknown): value is Container => isRecord(value) || Array.isArray(value);

/** The array index a token names: a whole number, or `-` (one past the end) where `end` allows it. */
function indexOf(list: unknown[], token: string, end: boolean): number | null {
  if (end && token === '-') return list.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) return null;
  const index = Number(token);
  return index <= (end ? list.length : list.length - 1) ? index : null;
}

function child(container: Container, token: string): unknown {
  if (Array.isArray(container)) {
    const index = indexOf(container, token, false);
    return index === null ? undefined : container[index];
  }
  return Object.hasOwn(container, token) ? container[token] : undefined;
}

/** The value appended to what is there: a longer string, a longer list, a merged object; undefined: no. */
function appended(current: unknown, value: unknown): unknown {
  if (current === undefined) return value;
  if (typeof current === 'string' && typeof value === 'string') return current + value;
  if (Array.isArray(current)) {
    if (Array.isArray(value)) current.push(...value);
    else current.push(value);
    return current;
  }
  if (isRecord(current) && isRecord(value)) {
    for (const [key, member] of Object.entries(value)) if (!UNSAFE_KEYS.has(key)) current[key] = member;
    return current;
  }
  return undefined;
}

/** Where a pointer's last token lives: the object or list that holds it, and its key there. */
export interface PointerLocation {
  container: Container;
  key: string;
}

/**
 * The container of the value a pointer names (all but its last token walked), or null when the path
 * does not lead to one. The location stays good while the document's structure above it is unchanged, so
 * a run of appends to one path needs one walk.
 */
export function locate(document: unknown, tokens: readonly string[]): PointerLocation | null {
  let container = document;
  const last = tokens.length - 1;
  for (let index = 0; index < last; index += 1) {
    const token = tokens[index] ?? '';
    if (!isContainer(container) || UNSAFE_KEYS.has(token)) return null;
    container = child(container, token);
  }
  const key = tokens[last] ?? '';
  return isContainer(container) && !UNSAFE_KEYS.has(key) ? { container, key } : null;
}

/** Applies one operation at a location; false when the value there cannot take it. */
export function applyAt({ container, key }: PointerLocation, op: PointerOp, value: unknown): boolean {
  if (Array.isArray(container)) return applyToList(container, key, op, value);
  switch (op) {
    case 'add':
    case 'replace':
      container[key] = value;
      return true;
    case 'remove':
      if (!Object.hasOwn(container, key)) return false;
      delete container[key];
      return true;
    case 'append': {
      const next = appended(child(container, key), value);
      if (next === undefined) return false;
      container[key] = next;
      return true;
    }
  }
}

/**
 * Applies one operation to the document held in `holder.document`, in place. The whole document is
 * replaced (`replace` or `add` at ""), merged into (`append`), or left as it is.
 */
export function applyPointerOp(
  holder: { document: unknown },
  tokens: readonly string[],
  op: PointerOp,
  value: unknown,
): boolean {
  if (tokens.length === 0) {
    if (op === 'remove') return false;
    const next = op === 'append' ? appended(holder.document, value) : value;
    if (next === undefined) return false;
    holder.document = next;
    return true;
  }
  const location = locate(holder.document, tokens);
  return location !== null && applyAt(location, op, value);
}

function applyToList(list: unknown[], token: string, op: PointerOp, value: unknown): boolean {
  const index = indexOf(list, token, op === 'add' || op === 'append');
  if (index === null) return false;
  switch (op) {
    case 'add':
      list.splice(index, 0, value);
      return true;
    case 'replace':
      list[index] = value;
      return true;
    case 'remove':
      list.splice(index, 1);
      return true;
    case 'append': {
      const next = appended(list[index], value);
      if (next === undefined) return false;
      list[index] = next;
      return true;
    }
  }
}
