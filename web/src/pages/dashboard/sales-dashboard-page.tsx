import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { isSalesRebuilding, type SalesRange, useSales } from '../../features/sales/api/get-sales';
import { SalesFigures } from '../../features/sales/components/sales-figures';
import {
  defaultSalesRange,
  SalesRangeForm,
  salesRangeProblems,
} from '../../features/sales/components/sales-range-form';
import { usePageTitle } from '../../lib/use-page-title';

/** Shop admin (issue 21): sales over a range of days, drawn as charts with their figures. */
export function SalesDashboardPage() {
  usePageTitle('Sales');
  const [params, setParams] = useSearchParams();
  const fallback = defaultSalesRange();
  const range = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    interval: params.get('interval') ?? fallback.interval,
  };
  const problems = salesRangeProblems(range);
  const valid = Object.keys(problems).length === 0;
  const { data, isPending, isError, error } = useSales(range as SalesRange, valid);

  return (
    <section>
      <PageHeader
        level={2}
        title="Sales"
        description="Revenue, orders and what sold, over the days you choose. A sale counts on the day it is invoiced: a card order when it is paid, an order on account when it is placed or approved. A refund counts on the day of its cancel."
      />
      <SalesRangeForm range={range} problems={problems} onApply={(next) => setParams(next)} />
      {!valid ? (
        <p role="alert" className="font-medium text-error">
          This range cannot be shown: correct the fields marked in red.
        </p>
      ) : isPending ? (
        <Spinner text="Adding up the sales…" />
      ) : isError && isSalesRebuilding(error) ? (
        // Not a failure: the figures come back once the rebuild is over (the page asks again).
        <p role="status" className="font-medium">
          {error.message}
        </p>
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-base-content/70">
            Days in the shop's time zone, {data.timeZone}.
          </p>
          <SalesFigures data={data} />
        </>
      )}
    </section>
  );
}
