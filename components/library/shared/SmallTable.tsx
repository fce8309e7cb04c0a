import type { JSX, ReactNode } from 'react';
import './small-table.css';

export interface SmallTableRow {
  key: string;
  /** The first cell names the row (a row header); the others are its values. */
  cells: readonly ReactNode[];
  /** One value across every value column, after the first cell (a folded run of empty weeks). */
  across?: ReactNode;
}

/**
 * A short table (a top ten, the weeks, a chart's numbers), scrolled in its frame when long. Its caption names
 * it for screen readers, and so differs from the heading of its section, which says it to the eye: two
 * regions of one name would not be told apart. The frame takes focus only to be
 * scrolled by the keyboard.
 */
export function SmallTable({
  caption,
  columns,
  rows,
  numeric = true,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly SmallTableRow[];
  /** The value columns hold numbers: right-aligned, tabular. */
  numeric?: boolean;
}): JSX.Element {
  return (
    <section
      className={`small-table${numeric ? ' small-table--numeric' : ''}`}
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled table takes focus so the keyboard can scroll it.
      tabIndex={0}
    >
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [first, ...values], across }) => (
            <tr key={key}>
              <th scope="row">{first}</th>
              {across === undefined ? (
                values.map((value, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in their fixed order.
                  <td key={index}>{value}</td>
                ))
              ) : (
                <td colSpan={columns.length - 1} className="small-table__across">
                  {across}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
