import { type JSX, type ReactNode, useMemo } from 'react';
import { useVirtualWindow } from './use-virtual-window';
import './virtual-list.css';

/**
 * A scrolled list that renders only the rows on screen, so a 10,000-message conversation stays smooth. Rows
 * have fixed heights by kind, so no row is measured; each row is a real list item that says its place in the
 * whole list, for screen readers that see only the rendered ones.
 */
export function VirtualList<Row>({
  rows,
  rowHeight,
  rowKey,
  renderRow,
  label,
}: {
  rows: readonly Row[];
  rowHeight: (row: Row) => number;
  rowKey: (row: Row, index: number) => string;
  renderRow: (row: Row) => ReactNode;
  label: string;
}): JSX.Element {
  const heights = useMemo(() => rows.map(rowHeight), [rows, rowHeight]);
  const { frame, offsets, total, start, end, onScroll } = useVirtualWindow<HTMLElement>(heights);
  const shown: JSX.Element[] = [];
  for (let index = start; index < end; index += 1) {
    const row = rows[index] as Row;
    shown.push(
      <li
        key={rowKey(row, index)}
        className="virtual-list__row"
        style={{ top: offsets[index], height: heights[index] }}
        aria-setsize={rows.length}
        aria-posinset={index + 1}
      >
        {renderRow(row)}
      </li>,
    );
  }
  return (
    <section
      ref={frame}
      className="virtual-list"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      style={{ height: total }}
      onScroll={onScroll}
    >
      <ul className="virtual-list__rows" style={{ height: total }} aria-label={label}>
        {shown}
      </ul>
    </section>
  );
}
