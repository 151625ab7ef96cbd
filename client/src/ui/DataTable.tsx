import type { HTMLAttributes, ReactNode } from "react";
import "./data-table.css";

export interface Column<R> {
  key: string;
  header: ReactNode;
  /** The column's plain name, repeated beside each value when a phone stacks the rows. */
  label?: string;
  cell: (row: R) => ReactNode;
  /** Numbers line up at the end of the cell, in either direction. */
  numeric?: boolean;
  /** The row's header cell (a name that labels the row), read first by screen readers. */
  rowHeader?: boolean;
}

/**
 * A table with a caption and column headers. On a wide screen it is a table (scrolling sideways
 * inside its own frame if it must); on a phone each row becomes a small card of "label: value".
 */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  captionHidden,
  rowProps,
  testId,
}: {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** Shown instead of an empty table. */
  empty?: ReactNode;
  captionHidden?: boolean;
  /** Extra attributes for a row (a test id, a data attribute). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  testId?: string;
}) {
  if (!rows.length && empty) return <>{empty}</>;
  return (
    <div className="data-table" role="region" aria-label={caption} tabIndex={0}>
      <table className="table" data-testid={testId}>
        <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? "table__num" : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => {
                const Cell = c.rowHeader ? "th" : "td";
                return (
                  <Cell
                    key={c.key}
                    scope={c.rowHeader ? "row" : undefined}
                    className={c.numeric ? "table__num" : undefined}
                    data-label={c.label ?? (typeof c.header === "string" ? c.header : undefined)}
                  >
                    {c.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
