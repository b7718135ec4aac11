import type { ReactNode } from 'react';

/** Rows of figures under a chart: every figure the chart draws, for reading and for screen readers. */
export function FiguresTable({
  caption,
  head,
  rows,
  open = true,
  named = {},
}: {
  caption: string;
  head: string[];
  /** Each row's cells, the first naming the row (its key). */
  rows: [string, ...ReactNode[]][];
  open?: boolean;
  /** How a row's name is shown, when not as its key (a customer's email under the name). */
  named?: Record<string, ReactNode>;
}) {
  const table = (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={cell} scope="col" className={index > 0 ? 'text-right' : undefined}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={head[index]} scope="row" className="font-normal break-words">
                    {named[row[0]] ?? cell}
                  </th>
                ) : (
                  <td key={head[index]} className="text-right tabular-nums whitespace-nowrap">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (open) return table;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm text-base-content/70">Figures as a table</summary>
      {table}
    </details>
  );
}
