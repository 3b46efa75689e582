import type { ReactNode } from "react";

export interface Column<T> {
  /**
   * The header text; with `srOnly` it is read by screen readers only (an actions column), and a
   * phone's card shows no label before the cell.
   */
  header: string;
  srOnly?: boolean;
  /** The row's main cell: full width on a phone, no "Label:" before it. */
  primary?: boolean;
  className?: string;
  cell: (row: T) => ReactNode;
}

/** `data-*` attributes of a row, for tests and styling (`data-testid`, `data-room-id`, …). */
export type RowAttributes = Record<`data-${string}`, string | undefined>;

/**
 * The console's one list table: a header row, one row per item, and a footer (a count, "Load
 * more"). On a phone each row becomes a card whose cells say their column (`data-label`), so no
 * table is ever wider than the screen. Works in server and client components alike (no hooks).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowAttributes,
  foot,
  className,
}: {
  /** The table's accessible name ("Rooms"). */
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => RowAttributes;
  foot?: ReactNode;
  className?: string;
}) {
  return (
    <div className="table-wrap">
      <table className={className ? `responsive ${className}` : "responsive"} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={c.primary ? (c.className ? `primary ${c.className}` : "primary") : c.className}
                  data-label={c.primary || c.srOnly ? undefined : c.header}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {foot ? <div className="table-foot">{foot}</div> : null}
    </div>
  );
}

/** "1 room", "3 rooms". */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}

/** The cell of a row's name: the main line (often a link) and a quieter line under it (an id). */
export function MainCell({ main, sub, mono }: { main: ReactNode; sub?: ReactNode; mono?: boolean }) {
  return (
    <>
      <div className={mono ? "cell-main mono" : "cell-main"}>{main}</div>
      {sub ? <div className="cell-sub">{sub}</div> : null}
    </>
  );
}
