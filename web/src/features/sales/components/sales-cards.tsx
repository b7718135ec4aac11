import type { ReactNode } from 'react';
import { formatPrice } from '../../../lib/format';

/** One figure of the range's totals: its name, value and a note under it. */
export function Stat({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4">
      <dt className="text-sm text-base-content/70">{title}</dt>
      <dd className="mt-1 break-words text-xl font-semibold tabular-nums sm:text-2xl">{value}</dd>
      {note && <dd className="mt-1 text-xs text-base-content/70">{note}</dd>}
    </div>
  );
}

/**
 * What the sales collected besides the goods (issue 33): tax and freight, net of refunds. Not
 * revenue, so shown apart from it, small, on one line where there is room.
 */
export function TaxAndFreight({ tax, freight }: { tax: number; freight: number }) {
  const figure = (title: string, value: number) => (
    <div className="flex gap-1">
      <dt>{title}</dt>
      <dd className="font-medium tabular-nums text-base-content">{formatPrice(value)}</dd>
    </div>
  );
  return (
    <section
      aria-label="Collected apart from revenue"
      className="-mt-3 text-sm text-base-content/70"
    >
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        {figure('Tax collected', tax)}
        {figure('Freight collected', freight)}
      </dl>
      <p className="text-xs">Neither is in the revenue above.</p>
    </section>
  );
}

/** A chart under its title, as a region named by it. */
export function ChartCard({
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

/** In place of a chart with nothing to draw. */
export const none = (what: string) => (
  <p className="py-6 text-center text-base-content/70">{what}</p>
);
