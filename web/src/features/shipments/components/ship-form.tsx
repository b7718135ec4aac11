import type { Order } from '@proper-parts/domain/orders';
import { createShipmentRequest } from '@proper-parts/domain/shipments';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useCreateShipment } from '../api/shipments';

/** The carriers whose tracking page the shop links to (any other name is accepted too). */
const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL'];

type Field = 'lines' | 'carrier' | 'trackingNumber';
type Errors = Partial<Record<Field, string>>;

/** Pieces of each line not shipped yet. */
export const remainingOf = (line: Order['lines'][number]) => line.quantity - (line.shipped ?? 0);

/** Issue 36: per warehouse, the pieces of each line it has still to pick (none: no warehouses). */
export function pickListsOf(order: Order) {
  const lists = new Map<
    number,
    { warehouseId: number; warehouse: string; lines: Map<number, number> }
  >();
  for (const line of order.lines)
    for (const pick of line.picks ?? []) {
      const left = pick.quantity - pick.shipped;
      if (left <= 0) continue;
      const list = lists.get(pick.warehouseId) ?? {
        warehouseId: pick.warehouseId,
        warehouse: pick.warehouse,
        lines: new Map<number, number>(),
      };
      list.lines.set(line.lineNo, left);
      lists.set(pick.warehouseId, list);
    }
  return [...lists.values()];
}

/** "carrier: Carrier is required" → the carrier field's error; anything else is the lines'. */
export function fieldErrorOf(message: string): Errors {
  const match = /^(lines|carrier|trackingNumber)[.:]/.exec(
    message.replace(/^warehouse:/, 'lines:'),
  );
  const field = (match?.[1] as Field | undefined) ?? 'lines';
  return { [field]: message.replace(/^[\w.]+: /, '') };
}

/**
 * Manage Orders (issue 33): ships some of an order's pieces with a carrier and tracking number.
 * Each line's quantity starts at what is left of it; 0 leaves a line out.
 */
export function ShipForm({ order }: { order: Order }) {
  const id = useId();
  const create = useCreateShipment();
  // Issue 36: what each warehouse must still pick; a shipment leaves from one of them.
  const picks = pickListsOf(order);
  const [warehouse, setWarehouse] = useState<number | undefined>(picks[0]?.warehouseId);
  const pickOf = (lineNo: number, from = warehouse) =>
    picks.find((p) => p.warehouseId === from)?.lines.get(lineNo) ?? 0;
  const open = order.lines.filter((line) =>
    picks.length > 0 ? pickOf(line.lineNo) > 0 : remainingOf(line) > 0,
  );
  const startOf = (from?: number) =>
    Object.fromEntries(
      order.lines.map((line) => [
        line.lineNo,
        String(picks.length > 0 ? pickOf(line.lineNo, from) : remainingOf(line)),
      ]),
    );
  const [quantities, setQuantities] = useState<Record<number, string>>(() => startOf(warehouse));
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const byProduct = new Map<string, number>();
    for (const line of open) {
      const pieces = Number(quantities[line.lineNo] ?? 0);
      if (pieces !== 0)
        byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + pieces);
    }
    const body = {
      lines: [...byProduct].map(([productId, quantity]) => ({ productId, quantity })),
      carrier,
      trackingNumber,
      ...(warehouse !== undefined ? { warehouse } : {}),
    };
    const parsed = createShipmentRequest.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(
      { orderId: order._id, body: parsed.data },
      {
        onSuccess: () => toast.success('Shipment sent; the buyer is mailed'),
        onError: (error) => setErrors(fieldErrorOf(error.message)),
      },
    );
  };

  const errorLine = (field: Field) =>
    errors[field] && (
      <span id={`${id}-${field}-error`} role="alert" className="text-xs text-error">
        {errors[field]}
      </span>
    );
  const described = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <details className="mt-2" data-testid="ship-form">
      <summary className="btn btn-outline btn-xs whitespace-nowrap sm:btn-sm">Ship part…</summary>
      <form
        noValidate
        className="mt-2 flex max-w-sm flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {picks.length > 0 && (
          <fieldset className="flex flex-col gap-1" data-testid="pick-lists">
            <legend className="text-xs font-medium">Ships from</legend>
            {picks.map((pick) => (
              <label key={pick.warehouseId} className="flex items-start gap-2 text-xs">
                <input
                  type="radio"
                  className="radio radio-xs mt-0.5"
                  name={`${id}-warehouse`}
                  checked={warehouse === pick.warehouseId}
                  onChange={() => {
                    setWarehouse(pick.warehouseId);
                    setQuantities(startOf(pick.warehouseId));
                  }}
                />
                <span>
                  <span className="font-medium">{pick.warehouse}</span> picks{' '}
                  {order.lines
                    .filter((line) => (pick.lines.get(line.lineNo) ?? 0) > 0)
                    .map((line) => `${pick.lines.get(line.lineNo)} × ${line.sku}`)
                    .join(', ')}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className="flex flex-col gap-1">
          <legend className="text-xs font-medium">Pieces to ship</legend>
          {open.map((line) => (
            <label key={line.lineNo} className="flex items-center justify-between gap-2 text-xs">
              <span className="min-w-0 truncate">
                <span className="font-mono">{line.sku}</span> {line.name} (of{' '}
                {picks.length > 0 ? pickOf(line.lineNo) : remainingOf(line)})
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={picks.length > 0 ? pickOf(line.lineNo) : remainingOf(line)}
                className={`input input-xs w-20 ${errors.lines ? 'input-error' : ''}`}
                aria-label={`Pieces of ${line.sku} to ship`}
                value={quantities[line.lineNo] ?? ''}
                onChange={(event) =>
                  setQuantities({ ...quantities, [line.lineNo]: event.target.value })
                }
                {...described('lines')}
              />
            </label>
          ))}
          {errorLine('lines')}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-carrier`} className="text-xs font-medium">
            Carrier
          </label>
          <input
            id={`${id}-carrier`}
            className={`input input-sm ${errors.carrier ? 'input-error' : ''}`}
            list={`${id}-carriers`}
            value={carrier}
            maxLength={60}
            onChange={(event) => setCarrier(event.target.value)}
            {...described('carrier')}
          />
          <datalist id={`${id}-carriers`}>
            {CARRIERS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          {errorLine('carrier')}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-tracking`} className="text-xs font-medium">
            Tracking number
          </label>
          <input
            id={`${id}-tracking`}
            className={`input input-sm ${errors.trackingNumber ? 'input-error' : ''}`}
            value={trackingNumber}
            maxLength={100}
            onChange={(event) => setTrackingNumber(event.target.value)}
            {...described('trackingNumber')}
          />
          {errorLine('trackingNumber')}
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-xs self-start sm:btn-sm"
          disabled={create.isPending}
        >
          Ship these pieces
        </button>
      </form>
    </details>
  );
}
