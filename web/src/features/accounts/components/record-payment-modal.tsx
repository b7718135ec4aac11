import { zodResolver } from '@hookform/resolvers/zod';
import {
  type RecordPaymentRequest,
  recordPaymentRequest,
  type StatementInvoice,
} from '@proper-parts/domain/companies';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { Modal, ModalActions } from '../../../components/modal';
import { formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRecordPayment } from '../api/record-payment';

type PaymentInput = z.input<typeof recordPaymentRequest>;

/** Shop admin: a payment received against one invoice, prefilled with what is still owed. */
export function RecordPaymentModal({
  invoice,
  onClose,
}: {
  invoice: StatementInvoice;
  onClose: () => void;
}) {
  const record = useRecordPayment();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PaymentInput, unknown, RecordPaymentRequest>({
    resolver: zodResolver(recordPaymentRequest),
    defaultValues: { amount: invoice.outstanding, reference: '' },
  });

  return (
    <Modal
      title={`Record a payment: invoice ${invoice.invoiceNumber}`}
      description={`Still owed: ${formatPrice(invoice.outstanding)} of ${formatPrice(invoice.total)}.`}
      onClose={onClose}
    >
      {({ close }) => (
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={handleSubmit(async (payment) => {
            try {
              const { message } = await record.mutateAsync({ orderId: invoice.orderId, payment });
              toast.success(message ?? 'Payment recorded');
              close();
            } catch {
              // record.error shows in the form.
            }
          })}
        >
          <FormField
            label="Amount ($)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            autoFocus
            error={errors.amount?.message}
            {...register('amount', { valueAsNumber: true })}
          />
          <FormField
            label="Reference (optional)"
            placeholder="Wire or cheque number"
            maxLength={100}
            error={errors.reference?.message}
            {...register('reference')}
          />
          <FormAlert message={record.error?.message} />
          <ModalActions onCancel={close} cancelDisabled={record.isPending}>
            <BusyButton busy={record.isPending} className="btn-primary sm:w-auto">
              Record payment
            </BusyButton>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
