import { formatExpectedOn } from '@proper-parts/domain/backorder-rules';
import type { PurchaseOrder } from '@proper-parts/domain/backorders';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { toast } from '../../../lib/toast';
import { useWarehouses } from '../../warehouses/api/warehouses';
import { useReceivePurchaseOrder } from '../api/backorders';

/**
 * Issue 36: a purchase order's goods came in. The admin picks the warehouse they came into; the
 * pieces promised to backorders go to those orders there, the rest into its stock. A received
 * one says where and when.
 */
export function ReceivePurchaseOrder({ po }: { po: PurchaseOrder }) {
  const warehouses = useWarehouses();
  const receive = useReceivePurchaseOrder(po.productId);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const selectId = useId();
  if (po.receivedAt)
    return (
      <span className="whitespace-nowrap text-sm text-success">
        Received into {po.receivedInto ?? 'a removed warehouse'} on{' '}
        {formatExpectedOn(po.receivedAt.slice(0, 10))}
      </span>
    );
  const list = warehouses.data ?? [];
  const warehouse = chosen ?? list[0]?.id;
  return (
    <form
      className="flex flex-wrap items-center justify-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (warehouse === undefined) return;
        receive.mutate(
          { id: po.id, warehouse },
          { onSuccess: ({ message }) => toast.success(message ?? 'Received') },
        );
      }}
    >
      <label htmlFor={selectId} className="text-sm">
        Into
      </label>
      <select
        id={selectId}
        className="select select-bordered select-xs w-32"
        value={warehouse ?? ''}
        disabled={list.length === 0}
        onChange={(event) => setChosen(Number(event.target.value))}
      >
        {list.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </select>
      <BusyButton busy={receive.isPending} className="btn-outline btn-primary btn-xs">
        Receive
      </BusyButton>
      {receive.error && (
        <p role="alert" className="w-full text-right text-sm text-error">
          {receive.error.message}
        </p>
      )}
    </form>
  );
}
