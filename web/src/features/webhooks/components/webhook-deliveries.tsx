import type { WebhookDelivery } from '@proper-parts/domain/webhooks';
import { BusyButton } from '../../../components/busy-button';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { LoadMore } from '../../accounts/components/load-more';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendDelivery } from '../api/resend-delivery';

const statusBadge: Record<WebhookDelivery['status'], string> = {
  delivered: 'badge-success',
  pending: 'badge-warning',
  failed: 'badge-error',
};

/** One endpoint's deliveries, the newest first: status, receiver's answer, latency; resend. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useWebhookDeliveries(endpointId);
  const deliveries = data?.pages.flatMap((page) => page.deliveries) ?? [];
  if (isPending) return <Spinner text="Loading deliveries…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (deliveries.length === 0)
    return <p className="text-sm text-base-content/70">No events sent to this endpoint yet.</p>;
  return (
    <section aria-label="Deliveries">
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {deliveries.map((delivery) => (
          <DeliveryItem key={delivery.id} delivery={delivery} />
        ))}
      </ul>
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => fetchNextPage()} />
    </section>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const resend = useResendDelivery();
  const answer =
    delivery.lastStatusCode !== null
      ? `HTTP ${delivery.lastStatusCode}`
      : (delivery.lastError ?? 'not sent yet');
  return (
    <li data-testid="webhook-delivery" className="flex flex-col gap-2 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-semibold">{delivery.eventType}</code>
        <span className={`badge badge-sm ${statusBadge[delivery.status]}`}>{delivery.status}</span>
        <span className="text-base-content/70">{formatDateTime(delivery.createdAt)}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-base-content/60">Answer</dt>
        <dd>{answer}</dd>
        <dt className="text-base-content/60">Latency</dt>
        <dd>{delivery.latencyMs === null ? '—' : `${delivery.latencyMs} ms`}</dd>
        <dt className="text-base-content/60">Attempts</dt>
        <dd>{delivery.attempts}</dd>
        <dt className="text-base-content/60">Event id</dt>
        <dd className="font-mono break-all">{delivery.eventId}</dd>
      </dl>
      {delivery.responseHead && (
        <pre className="max-h-24 overflow-auto rounded bg-base-200 p-2 text-xs whitespace-pre-wrap break-all">
          {delivery.responseHead}
        </pre>
      )}
      <BusyButton
        type="button"
        busy={resend.isPending}
        className="btn-outline btn-xs sm:w-auto sm:self-start"
        onClick={async () => {
          try {
            const { message } = await resend.mutateAsync(delivery.id);
            toast.success(message ?? 'Delivery queued again');
          } catch (error) {
            toast.error(error instanceof Error ? error.message : 'Not resent');
          }
        }}
      >
        Resend<span className="sr-only"> {delivery.eventType}</span>
      </BusyButton>
    </li>
  );
}
