import { backorderMessages } from '@proper-parts/domain/backorder-rules';
import type { CartLine } from '@proper-parts/domain/cart';
import { quantityUnit } from '@proper-parts/domain/sales-units';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { StruckListPrice } from '../../../components/struck-list-price';
import { YourNumber } from '../../../components/your-number';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { CartDepositNote } from '../../orders/components/core-deposit-lines';
import { useChangeCartLine } from '../api/use-cart';
import { ReplacedLineNote } from './replaced-line-note';

/**
 * One line of the cart: the part, a quantity stepper that moves by whole packs between the
 * minimum and the stock, its unit and line price, and what stops it from being ordered.
 */
export function CartLineRow({ line, lines = [] }: { line: CartLine; lines?: CartLine[] }) {
  const change = useChangeCartLine();
  const [typed, setTyped] = useState(String(line.quantity));
  const inputId = useId();
  const problemId = useId();
  useEffect(() => setTyped(String(line.quantity)), [line.quantity]);

  const setQuantity = (quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < 1) {
      setTyped(String(line.quantity));
      toast.error('Quantity must be a whole number of at least 1');
      return;
    }
    if (quantity === line.quantity) return;
    change.mutate(
      { productId: line.productId, quantity },
      { onError: (error) => toast.error(error.message) },
    );
  };
  const step = line.packSize;
  const lower = Math.max(step, line.quantity - step);

  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-2 py-4 sm:grid-cols-[5rem_1fr_auto_auto] sm:items-center">
      <img
        src={line.img}
        alt=""
        width={80}
        height={60}
        className="row-span-2 h-16 w-16 rounded-box bg-base-200 object-contain p-1 sm:row-span-1 sm:h-20 sm:w-20"
      />
      <div className="min-w-0">
        <Link to={paths.product(line.slug)} className="link-hover font-semibold leading-snug">
          {line.name}
        </Link>
        <p className="font-mono text-xs text-base-content/70">
          {line.sku}
          <YourNumber number={line.customerPartNumber} />
        </p>
        <p className="text-sm text-base-content/70">
          {formatPrice(line.unitPrice)} per {quantityUnit(line.salesUnit, 1)}
          {line.priceSource === 'contract' && (
            <StruckListPrice listPrice={line.listPrice} price={line.unitPrice} badge className="" />
          )}
        </p>
        <CartDepositNote deposit={line.coreDeposit} returnDays={line.coreReturnDays} />
        {line.problem && (
          <p id={problemId} className="mt-1 text-sm font-medium text-error" role="status">
            {line.problem}
          </p>
        )}
        {/* Issue 36: a line above the stock ships what is on hand and backorders the rest. */}
        {!line.problem && line.backordered > 0 && line.expectedOn && (
          <p className="mt-1 text-sm" data-testid="backorder-split">
            <span className="badge badge-sm badge-warning me-1">Backorder</span>
            {backorderMessages.split(
              line.quantity - line.backordered,
              line.backordered,
              line.expectedOn,
            )}
          </p>
        )}
        <ReplacedLineNote line={line} lines={lines} />
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="btn btn-square btn-sm"
          aria-label={`Fewer ${line.name}`}
          disabled={change.isPending || line.quantity <= step}
          onClick={() => setQuantity(lower)}
        >
          −
        </button>
        <label htmlFor={inputId} className="sr-only">
          Quantity of {line.name}
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={step}
          step={step}
          value={typed}
          aria-invalid={line.problem ? true : undefined}
          aria-describedby={line.problem ? problemId : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => setQuantity(Number(typed))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setQuantity(Number(typed));
          }}
          className={`input input-sm w-24 text-center ${line.problem ? 'input-error' : ''}`}
        />
        <button
          type="button"
          className="btn btn-square btn-sm"
          aria-label={`More ${line.name}`}
          disabled={change.isPending}
          onClick={() => setQuantity(line.quantity + step)}
        >
          +
        </button>
      </div>
      <div className="col-start-2 flex items-center justify-between gap-4 sm:col-start-auto sm:flex-col sm:items-end sm:gap-1">
        <span className="font-bold" data-testid="line-total">
          {formatPrice(line.lineTotal)}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-error"
          disabled={change.isPending}
          onClick={() => change.mutate({ productId: line.productId, quantity: 0 })}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
