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

/** "carrier: Carrier is required" → the carrier field's error; anything else is the lines'. */
export function fieldErrorOf(message: string): Errors {
  const match = /^(lines|carrier|trackingNumber)[.:]/.exec(message);
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
  const open = order.lines.filter((line) => remainingOf(line) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((line) => [line.lineNo, String(remainingOf(line))])),
  );
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
        <fieldset className="flex flex-col gap-1">
          <legend className="text-xs font-medium">Pieces to ship</legend>
          {open.map((line) => (
            <label key={line.lineNo} className="flex items-center justify-between gap-2 text-xs">
              <span className="min-w-0 truncate">
                <span className="font-mono">{line.sku}</span> {line.name} (of {remainingOf(line)})
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={remainingOf(line)}
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
