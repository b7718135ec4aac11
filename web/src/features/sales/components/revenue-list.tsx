import type { ReactNode } from 'react';
import { formatPrice } from '../../../lib/format';
import { FiguresTable } from './figures-table';
import { ChartCard, none } from './sales-cards';
import { SalesChart } from './sales-chart';
import { shortMoney } from './sales-format';

/** A top list by revenue: its bars and every figure in a table, or a line saying there is none. */
export function RevenueList<T extends { name: string; revenue: number }>({
  title,
  description,
  empty,
  items,
  head,
  rowOf,
  named,
}: {
  title: string;
  description: string;
  empty: string;
  items: T[];
  head: string[];
  rowOf: (item: T) => [string, ...ReactNode[]];
  named?: Record<string, ReactNode>;
}) {
  return (
    <ChartCard title={title} description={description}>
      {items.length === 0 ? (
        none(empty)
      ) : (
        <>
          <SalesChart
            horizontal
            summary={`${title} by revenue: ${items.map((i) => `${i.name} ${formatPrice(i.revenue)}`).join(', ')}.`}
            labels={items.map((i) => i.name)}
            series={[items.map((i) => i.revenue)]}
            format={shortMoney}
          />
          <FiguresTable caption={title} head={head} rows={items.map(rowOf)} named={named} />
        </>
      )}
    </ChartCard>
  );
}
