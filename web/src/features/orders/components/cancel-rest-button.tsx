import type { Order } from '@proper-parts/domain/orders';
import { shipmentMessages } from '@proper-parts/domain/shipments';
import { useState } from 'react';
import { formatPieces } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { remainingOf } from '../../shipments/components/ship-form';
import { useDeleteOrder } from '../api/delete-order';
import { ConfirmOrderModal } from './confirm-order-modal';

/**
 * Manage Orders (issue 33): of a partially shipped order, cancels what has not shipped
 * (`DELETE /manageOrder/{id}`): its stock goes back on sale, the order is closed as shipped with
 * what it shipped. Asked first, naming the pieces that will not ship.
 */
export function CancelRestButton({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const cancel = useDeleteOrder();
  const rest = order.lines.filter((line) => remainingOf(line) > 0);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-xs sm:btn-sm"
        onClick={() => {
          cancel.reset();
          setAsking(true);
        }}
      >
        Cancel the rest
      </button>
      {asking && (
        <ConfirmOrderModal
          title="Cancel what has not shipped?"
          description="These pieces will not ship and their stock goes back on sale. What has shipped stays shipped, and the order is closed as shipped."
          order={order}
          action="Yes, cancel the rest"
          busy={cancel.isPending}
          error={cancel.error?.message}
          onClose={() => setAsking(false)}
          onConfirm={(close) =>
            cancel.mutate(order._id, {
              onSuccess: () => {
                toast.success(shipmentMessages.remainderCancelled);
                close();
              },
            })
          }
        >
          <ul className="mt-3 list-disc pl-5 text-sm" aria-label="Pieces not shipped">
            {rest.map((line) => (
              <li key={line.lineNo}>
                <span className="font-mono">{line.sku}</span> {line.name}:{' '}
                {formatPieces(remainingOf(line))} of {formatPieces(line.quantity)}
              </li>
            ))}
          </ul>
        </ConfirmOrderModal>
      )}
    </>
  );
}
