/**
 * JSON as the live site writes it (site-interface 10.6): Python's `json.dumps` with its default
 * separators, `", "` between members and `": "` after a key, and characters outside ASCII as they are.
 * Only the separators between values change: each string (and each number) is written as JSON.stringify
 * writes it, so a ':' or ',' inside a string stays exactly as it was. The same value and members are
 * left out as JSON.stringify leaves them out, so `JSON.parse(pythonJson(value))` equals
 * `JSON.parse(JSON.stringify(value))`.
 */
export function pythonJson(value: unknown): string {
  return written(value) ?? 'null';
}

/** The text of a value; undefined where JSON.stringify writes nothing (undefined, a function). */
function written(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) as string | undefined;
  const json = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof json === 'function') return written(json.call(value));
  if (Array.isArray(value)) return `[${value.map((item) => written(item) ?? 'null').join(', ')}]`;
  const members = Object.entries(value).flatMap(([key, member]) => {
    const text = written(member);
    return text === undefined ? [] : [`${JSON.stringify(key)}: ${text}`];
  });
  return `{${members.join(', ')}}`;
}
