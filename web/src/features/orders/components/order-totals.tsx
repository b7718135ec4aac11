import type { TaxLineView } from '@proper-parts/domain/tax';
import { formatPrice } from '../../../lib/format';

/** What a cart quote and an order both add up to (issue 33), in dollars from the server. */
export interface Totals {
  subtotal: number;
  /** Issue 37: the core deposits, before tax (0 or absent: none). */
  deposits?: number;
  /** Null while the shop quotes the freight itself. */
  freight: number | null;
  taxes: TaxLineView[];
  tax: number;
  total: number;
  taxNote: string | null;
}

/** An order's totals: its freight is not known yet while the shop quotes it. */
export const orderTotals = <T extends Totals & { status: string }>(order: T): T => ({
  ...order,
  freight: order.status === 'awaiting_freight' ? null : order.freight,
});

/** "Freight (UPS Ground)", or "Freight" for an order without a method. */
export const freightLabelOf = (order: { shippingMethodName: string | null }) =>
  order.shippingMethodName ? `Freight (${order.shippingMethodName})` : 'Freight';

/** "Texas sales tax (6.25%)". */
export const taxLabel = (tax: TaxLineView) => `${tax.name} (${tax.rate}%)`;

/** "Reverse charge" or "Tax exempt", the note's first words, for a short mention. */
const notePrefix = (note: string) => note.split(':')[0] ?? note;

/**
 * Subtotal, freight, each tax (name, rate, amount), the tax note (reverse charge, exemption) and
 * the total, as the invoice lists them. `freightLabel` names the method ("Freight (UPS Ground)").
 */
export function TotalsBlock({
  totals,
  freightLabel = 'Freight',
  className = '',
  testId = 'totals',
}: {
  totals: Totals;
  freightLabel?: string;
  className?: string;
  testId?: string;
}) {
  const { subtotal, freight, taxes, total, taxNote } = totals;
  return (
    <div className={className} data-testid={testId}>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-base-content/70">Subtotal</dt>
        <dd className="text-right" data-testid={`${testId}-subtotal`}>
          {formatPrice(subtotal)}
        </dd>
        {(totals.deposits ?? 0) > 0 && (
          <>
            <dt className="text-base-content/70">Core deposits (refundable)</dt>
            <dd className="text-right" data-testid={`${testId}-deposits`}>
              {formatPrice(totals.deposits ?? 0)}
            </dd>
          </>
        )}
        <dt className="text-base-content/70">{freightLabel}</dt>
        <dd className="text-right" data-testid={`${testId}-freight`}>
          {freight === null ? 'quoted by the shop' : formatPrice(freight)}
        </dd>
        {taxes.map((tax) => (
          <TaxRow key={tax.name} tax={tax} testId={testId} />
        ))}
        {taxes.length === 0 && !taxNote && (
          <>
            <dt className="text-base-content/70">Tax</dt>
            <dd className="text-right" data-testid={`${testId}-tax`}>
              {formatPrice(0)}
            </dd>
          </>
        )}
        <dt className="border-t border-base-300 pt-2 text-base font-bold">
          {freight === null ? 'Total before freight' : 'Total'}
        </dt>
        <dd
          className="border-t border-base-300 pt-2 text-right text-base font-bold"
          data-testid={`${testId}-total`}
        >
          {formatPrice(total)}
        </dd>
      </dl>
      {taxNote && (
        <p className="mt-2 text-xs" data-testid={`${testId}-tax-note`}>
          <span className="font-semibold">{notePrefix(taxNote)}</span>
          {taxNote.slice(notePrefix(taxNote).length)}
        </p>
      )}
    </div>
  );
}

function TaxRow({ tax, testId }: { tax: TaxLineView; testId: string }) {
  return (
    <>
      <dt className="text-base-content/70">{taxLabel(tax)}</dt>
      <dd className="text-right" data-testid={`${testId}-tax`}>
        {formatPrice(tax.amount)}
      </dd>
    </>
  );
}

/**
 * An order's amounts in one short line for a list ("Subtotal $120.00 · Freight $15.00 · Texas
 * sales tax (6.25%) $8.44"), or nothing for an order without freight, tax or note (before issue
 * 33, or a shop that charges neither): its total says it all.
 */
export function OrderTotalsLine({
  order,
}: {
  order: Totals & { shippingMethodName?: string | null };
}) {
  const parts = [
    `Subtotal ${formatPrice(order.subtotal)}`,
    (order.deposits ?? 0) > 0 ? `Core deposits ${formatPrice(order.deposits ?? 0)}` : null,
    order.freight === null
      ? 'Freight quoted by the shop'
      : order.freight === 0 && !order.shippingMethodName
        ? null
        : `Freight ${formatPrice(order.freight)}`,
    ...order.taxes.map((tax) => `${taxLabel(tax)} ${formatPrice(tax.amount)}`),
  ].filter(Boolean);
  if (parts.length === 1 && !order.taxNote) return null;
  return (
    <span className="block text-xs text-base-content/70" data-testid="order-totals-line">
      {parts.join(' · ')}
      {order.taxNote && <span className="block">{notePrefix(order.taxNote)}</span>}
    </span>
  );
}
