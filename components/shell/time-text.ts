/** "updated … ago" in the header: coarse on purpose, it ticks once a second. */
export function agoText(thenMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** A wall-clock time in the user's zone, HH:MM:SS (site-interface 7: when requests may go out again). */
export function clockTime(epochMs: number): string {
  const time = new Date(epochMs);
  return `${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}:${twoDigits(time.getSeconds())}`;
}
