/** How many bytes go to `String.fromCharCode` at once: it takes only so many arguments. */
const CHUNK = 0x8000;

/** Bytes as base64 (`btoa` takes a string of one character per byte). */
export function base64Of(parts: readonly Uint8Array[]): string {
  let binary = '';
  for (const part of parts)
    for (let at = 0; at < part.length; at += CHUNK)
      binary += String.fromCharCode(...part.subarray(at, at + CHUNK));
  return btoa(binary);
}
