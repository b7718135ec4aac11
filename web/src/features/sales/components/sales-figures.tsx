import {
  type SalesDashboard,
  type SalesInterval,
  salesStatusLabels,
} from '@proper-parts/domain/sales';
import type { ReactNode } from 'react';
import { formatCount, formatDay, formatPrice } from '../../../lib/format';
import { SalesChart } from './sales-chart';

/** An axis's money: `$950`, `$12.5k`, `$3.2M`. */
function shortMoney(dollars: number) {
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  if (abs >= 1e6) return `${sign}$${formatCount(Math.round(abs / 1e5) / 10)}M`;
  if (abs >= 1e4) return `${sign}$${formatCount(Math.round(abs / 100) / 10)}k`;
  return formatPrice(Math.round(dollars));
}

const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** A bucket as the axis names it: `Mar 9` (a day, or the Monday of a week), `Mar 2026`. */
function bucketLabel(start: string, interval: SalesInterval) {
  const [year, month = 1, day = 1] = start.split('-').map(Number);
  const name = months[month - 1];
  return interval === 'month' ? `${name} ${year}` : `${name} ${day}`;
}

/** An axis's count: ticks fall on whole numbers (`integer`), bars on exact ones. */
const wholeCount = (n: number) => formatCount(Math.round(n));

const intervalWords: Record<SalesInterval, string> = { day: 'day', week: 'week', month: 'month' };

function Stat({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4">
      <dt className="text-sm text-base-content/70">{title}</dt>
      <dd className="mt-1 break-words text-xl font-semibold tabular-nums sm:text-2xl">{value}</dd>
      {note && <dd className="mt-1 text-xs text-base-content/70">{note}</dd>}
    </div>
  );
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="sales-card"
    >
      <h3 className="text-lg font-semibold">{title}</h3>
      {description && <p className="mb-2 text-sm text-base-content/70">{description}</p>}
      {children}
    </section>
  );
}

/** Rows of figures under a chart: every figure the chart draws, for reading and for screen readers. */
function FiguresTable({
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

/** A top list by revenue: its bars and every figure in a table, or a line saying there is none. */
function RevenueList<T extends { name: string; revenue: number }>({
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

const none = (what: string) => <p className="py-6 text-center text-base-content/70">{what}</p>;

/** Every figure of the dashboard for one range: totals, then a chart and its table per figure. */
export function SalesFigures({ data }: { data: SalesDashboard }) {
  const { summary, interval } = data;
  const labels = data.revenue.map((bucket) => bucketLabel(bucket.start, interval));
  const best = data.revenue.reduce(
    (top, bucket) => (bucket.revenue > top.revenue ? bucket : top),
    data.revenue[0] ?? { start: data.from, revenue: 0 },
  );
  const anySales = summary.orders > 0 || summary.refunds > 0;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat
          title="Revenue"
          value={formatPrice(summary.revenue)}
          note={summary.refunds ? `${formatPrice(summary.gross)} sold` : undefined}
        />
        <Stat title="Orders" value={formatCount(summary.orders)} />
        <Stat title="Average order" value={formatPrice(summary.averageOrderValue)} />
        <Stat title="Units sold" value={formatCount(summary.units)} />
        <Stat
          title="Refunds"
          value={formatPrice(summary.refunded)}
          note={`${formatCount(summary.refunds)} ${summary.refunds === 1 ? 'order' : 'orders'}`}
        />
      </dl>

      <ChartCard
        title={`Revenue per ${intervalWords[interval]}`}
        description={anySales ? undefined : 'No sales in this range: the bars are all at zero.'}
      >
        <SalesChart
          summary={`Revenue per ${intervalWords[interval]} from ${formatDay(data.from)} to ${formatDay(data.to)}: ${formatPrice(summary.revenue)} in all${anySales ? `, the most ${formatPrice(best.revenue)} in the ${intervalWords[interval]} of ${formatDay(best.start)}` : ''}.`}
          labels={labels}
          series={[data.revenue.map((bucket) => bucket.revenue)]}
          format={shortMoney}
        />
        <FiguresTable
          open={false}
          caption={`Revenue per ${intervalWords[interval]}`}
          head={[
            interval === 'month' ? 'Month' : interval === 'week' ? 'Week of' : 'Day',
            'Orders',
            'Refunded',
            'Revenue',
          ]}
          rows={data.revenue.map((bucket) => [
            interval === 'month' ? bucketLabel(bucket.start, 'month') : formatDay(bucket.start),
            formatCount(bucket.orders),
            formatPrice(bucket.refunded),
            formatPrice(bucket.revenue),
          ])}
        />
      </ChartCard>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title="Orders by status"
          description="Orders placed in the range, by their status now."
        >
          <SalesChart
            horizontal
            summary={`Orders placed in the range by status: ${data.statuses.map((s) => `${salesStatusLabels[s.status]} ${s.orders}`).join(', ')}.`}
            labels={data.statuses.map((s) => salesStatusLabels[s.status])}
            series={[data.statuses.map((s) => s.orders)]}
            format={wholeCount}
            integer
          />
          <FiguresTable
            caption="Orders by status"
            head={['Status', 'Orders', 'Value']}
            rows={data.statuses.map((s) => [
              salesStatusLabels[s.status],
              formatCount(s.orders),
              formatPrice(s.total),
            ])}
          />
        </ChartCard>

        <ChartCard
          title="Units sold against stock"
          description="The parts that sold the most pieces, beside what is in stock now."
        >
          {data.unitsAgainstStock.length === 0 ? (
            none('No pieces sold in this range.')
          ) : (
            <>
              <SalesChart
                horizontal
                summary={`Pieces sold and in stock: ${data.unitsAgainstStock.map((p) => `${p.name} ${p.units} sold, ${p.stock} in stock`).join('; ')}.`}
                labels={data.unitsAgainstStock.map((p) => p.name)}
                series={[
                  data.unitsAgainstStock.map((p) => p.units),
                  data.unitsAgainstStock.map((p) => p.stock),
                ]}
                seriesNames={['Sold', 'In stock']}
                format={wholeCount}
                integer
              />
              <FiguresTable
                caption="Units sold against stock"
                head={['Part', 'Sold', 'In stock']}
                rows={data.unitsAgainstStock.map((p) => [
                  `${p.name} (${p.sku})`,
                  formatCount(p.units),
                  formatCount(p.stock),
                ])}
              />
            </>
          )}
        </ChartCard>

        <RevenueList
          title="Top products"
          description="By revenue, refunds taken off."
          empty="No products sold in this range."
          items={data.topProducts}
          head={['Part', 'Units', 'Revenue']}
          rowOf={(p) => [`${p.name} (${p.sku})`, formatCount(p.units), formatPrice(p.revenue)]}
        />
        <RevenueList
          title="Top brands"
          description="By revenue, each part under its brand today."
          empty="No brands sold in this range."
          items={data.topBrands}
          head={['Brand', 'Units', 'Revenue']}
          rowOf={(b) => [b.name, formatCount(b.units), formatPrice(b.revenue)]}
        />
      </div>

      <RevenueList
        title="Top customers"
        description="By revenue, refunds taken off."
        empty="No customers bought in this range."
        items={data.topCustomers}
        head={['Customer', 'Orders', 'Revenue']}
        rowOf={(c) => [c.email, formatCount(c.orders), formatPrice(c.revenue)]}
        named={Object.fromEntries(
          data.topCustomers.map((c) => [
            c.email,
            <>
              {c.name}
              <span className="block text-xs break-all text-base-content/70">{c.email}</span>
            </>,
          ]),
        )}
      />
    </div>
  );
}
