import { type RefObject, type UIEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { fixedWindow, rowOffsets, visibleWindow } from './visible-window';

/** Before the frame is measured (and in a static render): about the popup's list height. */
const FIRST_VIEWPORT_PX = 480;
/** Rows rendered above and below the viewport, so a fast scroll shows no blank. */
const MARGIN_PX = 400;

/** What a scrolled frame shows: its element, how far it is scrolled and how tall it is. */
interface ScrolledFrame<Frame extends HTMLElement> {
  frame: RefObject<Frame | null>;
  scrollTop: number;
  viewport: number;
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/** The scrolled element, measured and followed as it resizes, and its scroll. */
function useScrolledFrame<Frame extends HTMLElement>(): ScrolledFrame<Frame> {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FIRST_VIEWPORT_PX);
  const frame = useRef<Frame>(null);
  useLayoutEffect(() => {
    const element = frame.current;
    if (element === null) return;
    // Measured by the observer's first report, which comes once the frame is laid out: read here, the
    // height would force a layout in the middle of the first render and a second render before its paint
    // (benchmarks "Where the time of the figures near their targets goes"). Until then the rows cover
    // FIRST_VIEWPORT_PX and the margin below it.
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || FIRST_VIEWPORT_PX));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { frame, scrollTop, viewport, onScroll: (event) => setScrollTop(event.currentTarget.scrollTop) };
}

export interface VirtualWindow<Frame extends HTMLElement> {
  /** The scrolled element, measured and followed as it resizes. */
  frame: RefObject<Frame | null>;
  /** Where each row starts, then where the rows end. */
  offsets: readonly number[];
  /** The rows' whole height. */
  total: number;
  /** The rows to render: from `start` to one before `end`. */
  start: number;
  end: number;
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * Which rows of a scrolled frame are on screen, from fixed heights by row (none is measured): a list or a
 * table of 100,000 rows renders a few dozen elements.
 */
export function useVirtualWindow<Frame extends HTMLElement>(
  heights: readonly number[],
): VirtualWindow<Frame> {
  const offsets = useMemo(() => rowOffsets(heights), [heights]);
  const { frame, scrollTop, viewport, onScroll } = useScrolledFrame<Frame>();
  const { start, end } = visibleWindow(offsets, { scrollTop, height: viewport, margin: MARGIN_PX });
  return { frame, offsets, total: offsets.at(-1) ?? 0, start, end, onScroll };
}

/** The same for rows all of one height: row `index` starts at `index * rowHeight`. */
export function useFixedVirtualWindow<Frame extends HTMLElement>(
  count: number,
  rowHeight: number,
): Omit<VirtualWindow<Frame>, 'offsets'> {
  const { frame, scrollTop, viewport, onScroll } = useScrolledFrame<Frame>();
  const { start, end } = fixedWindow(count, rowHeight, { scrollTop, height: viewport, margin: MARGIN_PX });
  return { frame, total: count * rowHeight, start, end, onScroll };
}
