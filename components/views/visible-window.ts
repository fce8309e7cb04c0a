/**
 * The rows of a scrolled list that are on screen, plus a margin, so a conversation with thousands of queries
 * or sources renders a few dozen elements.
 */

/** Where each row starts, and as the last entry where the list ends: `heights.length + 1` numbers. */
export function rowOffsets(heights: readonly number[]): number[] {
  const offsets = [0];
  let top = 0;
  for (const height of heights) {
    top += height;
    offsets.push(top);
  }
  return offsets;
}

/** The index of the row holding `y`: the last row that starts at or above it. */
function rowAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((offsets[middle] ?? 0) <= y) low = middle;
    else high = middle - 1;
  }
  return Math.max(low, 0);
}

export interface VisibleWindow {
  /** First row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
}

export function visibleWindow(
  offsets: readonly number[],
  view: { scrollTop: number; height: number; margin: number },
): VisibleWindow {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const start = rowAt(offsets, Math.max(0, view.scrollTop - view.margin));
  const end = rowAt(offsets, view.scrollTop + view.height + view.margin) + 1;
  return { start, end: Math.min(end, count) };
}

/**
 * The same window over `count` rows of one height, worked out from that height: a table of 100,000 rows
 * makes no list of offsets each time its rows change.
 */
export function fixedWindow(
  count: number,
  rowHeight: number,
  view: { scrollTop: number; height: number; margin: number },
): VisibleWindow {
  if (count <= 0) return { start: 0, end: 0 };
  // The row holding `y`, as rowAt finds it: the last row that starts at or above it.
  const rowAtY = (y: number): number => Math.min(count - 1, Math.max(0, Math.floor(y / rowHeight)));
  const start = rowAtY(Math.max(0, view.scrollTop - view.margin));
  const end = rowAtY(view.scrollTop + view.height + view.margin) + 1;
  return { start, end: Math.min(end, count) };
}
