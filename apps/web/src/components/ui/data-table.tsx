import type { Key, ReactNode } from 'react';
import './data-table.css';

/** A column: its header (also each cell's label when rows stack on a phone) and what a row shows in it. */
export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** The first column heads its row (`<th scope="row">`). */
  columns: readonly Column<T>[];
  /** The row's buttons, in a last column whose header only screen readers get ('Ações'). */
  actions?: (row: T) => ReactNode;
  caption?: string;
  /** Without its own frame, for a table that sits inside a card. */
  plain?: boolean;
}

/** Every list of records: a table that becomes labelled stacked cards at 600 px or narrower (CSS only). */
export function DataTable<T>({ rows, rowKey, columns, actions, caption, plain = false }: DataTableProps<T>) {
  const [first, ...rest] = columns;
  return (
    <table className={plain ? 'data-table data-table--plain' : 'data-table'}>
      {caption && <caption className="data-table__caption">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">Ações</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {first && (
              <th scope="row" data-label={first.label}>
                {first.cell(row)}
              </th>
            )}
            {rest.map((column) => (
              <td key={column.label} data-label={column.label}>
                {column.cell(row)}
              </td>
            ))}
            {actions && <td className="data-table__actions">{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
