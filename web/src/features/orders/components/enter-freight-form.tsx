import type { Order } from '@proper-parts/domain/orders';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useEnterFreight } from '../api/enter-freight';

/** Manage Orders (issue 33): the freight of an order the shop quotes, entered in dollars. */
export function EnterFreightForm({ order }: { order: Order }) {
  const enter = useEnterFreight();
  const [value, setValue] = useState('');
  const id = useId();
  const freight = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(freight) && freight >= 0;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        enter.mutate(
          { id: order._id, freight },
          {
            onSuccess: ({ message }) => toast.success(message ?? 'Freight entered'),
            onError: (error) => toast.error(error.message),
          },
        );
      }}
    >
      <label htmlFor={id} className="flex flex-col gap-1 text-xs font-medium">
        Freight ($)
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          className="input input-sm w-28"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <button
        type="submit"
        className="btn btn-primary btn-xs sm:btn-sm"
        disabled={!valid || enter.isPending}
      >
        Enter freight
      </button>
    </form>
  );
}
