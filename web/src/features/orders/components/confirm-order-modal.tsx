import type { Order } from '@proper-parts/domain/orders';
import type { ReactNode } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { Modal, ModalActions } from '../../../components/modal';
import { formatPieces, formatPrice } from '../../../lib/format';

type ConfirmOrderModalProps = {
  title: string;
  order: Order;
  action: string;
  busy: boolean;
  error?: string;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
  /** In place of the line naming the whole order (cancelling the rest of one names the rest). */
  description?: string;
  /** Shown above the actions. */
  children?: ReactNode;
};

/**
 * "Are you sure?" before an order is cancelled or deleted (spec §2 modals). Dismissing reads
 * "Keep order": a "Cancel" beside "Yes, cancel order" said the opposite of what it does.
 */
export function ConfirmOrderModal({
  title,
  order,
  action,
  busy,
  error,
  onConfirm,
  onClose,
  description,
  children,
}: ConfirmOrderModalProps) {
  return (
    <Modal
      title={title}
      description={
        description ??
        `${order.purchaseName} — ${formatPieces(order.quantity)}, ${formatPrice(order.price)}. Its stock goes back on sale.`
      }
      onClose={onClose}
    >
      {({ close }) => (
        <>
          {children}
          <FormAlert message={error} className="mt-4" />
          <ModalActions onCancel={close} cancelDisabled={busy} cancelLabel="Keep order">
            <BusyButton
              type="button"
              busy={busy}
              className="btn-error sm:w-auto"
              onClick={() => onConfirm(close)}
            >
              {action}
            </BusyButton>
          </ModalActions>
        </>
      )}
    </Modal>
  );
}
