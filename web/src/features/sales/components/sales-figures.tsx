import { type SalesDashboard, salesStatusLabels } from '@proper-parts/domain/sales';
import { formatCount, formatDay, formatPrice } from '../../../lib/format';
import { FiguresTable } from './figures-table';
import { RevenueList } from './revenue-list';
import { ChartCard, none, Stat, TaxAndFreight } from './sales-cards';
import { SalesChart } from './sales-chart';
import { bucketLabel, intervalWords, shortMoney, wholeCount } from './sales-format';

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
      <TaxAndFreight tax={summary.tax} freight={summary.freight} />

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
            'Tax',
            'Freight',
          ]}
          rows={data.revenue.map((bucket) => [
            interval === 'month' ? bucketLabel(bucket.start, 'month') : formatDay(bucket.start),
            formatCount(bucket.orders),
            formatPrice(bucket.refunded),
            formatPrice(bucket.revenue),
            formatPrice(bucket.tax),
            formatPrice(bucket.freight),
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
          description="By revenue, refunds and returns taken off."
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
        description="By revenue, refunds and returns taken off."
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
