import type { Order } from '@proper-parts/domain/orders';
import { paymentMessages } from '@proper-parts/domain/payments';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../auth/use-current-user';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useRecordPayment } from '../api/record-payment';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js and its React wrapper load only in a shop that takes payments through Stripe.
const StripeCardForm = lazy(async () => ({
  default: (await import('./stripe-card-form')).StripeCardForm,
}));

/** 'Congrats ! Your payment is completed' with the transaction id (spec §4). */
export function PaymentCompleted({
  transactionId,
  justNow = true,
  invoice,
}: {
  transactionId: string | null;
  /** False when the order was already paid before this visit: it then simply reads Paid. */
  justNow?: boolean;
  /** The paid order's invoice link, beside the way back. */
  invoice?: ReactNode;
}) {
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="text-lg font-semibold text-success">
        {justNow ? paymentMessages.completed : 'Paid'}
      </p>
      <p className="break-all text-sm">
        Transaction id:{' '}
        <span className="font-mono" data-testid="transaction-id">
          {transactionId}
        </span>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {invoice}
        <Link to={paths.dashboard.myOrders} className="btn btn-outline">
          Back to My Orders
        </Link>
      </div>
    </div>
  );
}

/** The card form of the shop's provider, for one unpaid order; records the payment once confirmed. */
export function PaymentPanel({
  order,
  onPaid,
}: {
  order: Order;
  /** The payment is recorded: the page shows the congratulations with this transaction id. */
  onPaid: (transactionId: string) => void;
}) {
  const { user } = useCurrentUser();
  const intent = usePaymentIntent(order._id, order.status === 'unpaid');
  const record = useRecordPayment();

  if (intent.isPending) return <Spinner text="Preparing a secure payment…" />;
  if (intent.isError) return <FormAlert message={intent.error.message} />;

  const props = {
    clientSecret: intent.data.clientSecret,
    billing: { name: user?.displayName ?? order.userName, email: user?.email ?? order.email },
    busy: record.isPending,
    onConfirmed: async (transactionId: string) => {
      const paid = await record.mutateAsync({ orderId: order._id, transactionId });
      onPaid(paid.transactionId ?? transactionId);
    },
  };
  return intent.data.provider === 'stripe' && intent.data.publishableKey ? (
    <Suspense fallback={<Spinner text="Loading the card form…" />}>
      <StripeCardForm publishableKey={intent.data.publishableKey} {...props} />
    </Suspense>
  ) : (
    <SandboxCardForm {...props} />
  );
}
