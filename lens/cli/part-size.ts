const UNITS: Readonly<Record<string, number>> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/** `--zip-part-size`: bytes, or a number of K, M or G (binary: 1M is 1,048,576 bytes); a string says why not. */
export function partSize(value: string): number | string {
  const match = /^(\d+(?:\.\d+)?)([KMG]?)$/i.exec(value.trim());
  const bytes =
    match === null ? 0 : Math.floor(Number(match[1]) * (UNITS[(match[2] ?? '').toUpperCase()] ?? 0));
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    return `--zip-part-size: "${value}" is no size: give bytes, or a number of K, M or G (500M).`;
  return bytes;
}

/** The name of part `part` of the ZIP `path`: `all.zip` → `all.part2.zip` (`all.part*.zip` for them all). */
export function partFileName(path: string, part: number | '*'): string {
  const stem = /\.zip$/i.test(path) ? path.slice(0, -'.zip'.length) : path;
  return `${stem}.part${part}.zip`;
}
