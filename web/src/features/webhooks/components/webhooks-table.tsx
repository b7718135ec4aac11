import type { WebhookSummary } from '@proper-parts/domain/webhooks';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { WebhookDeliveries } from './webhook-deliveries';

/** An endpoint's state as a badge: receiving, failing since when, or disabled. */
function EndpointState({ endpoint }: { endpoint: WebhookSummary }) {
  if (!endpoint.enabled)
    return <span className="badge badge-error badge-sm whitespace-nowrap">Disabled</span>;
  if (endpoint.failingSince)
    return (
      <span className="badge badge-warning badge-sm whitespace-nowrap">
        Failing since {formatDateTime(endpoint.failingSince)}
      </span>
    );
  return <span className="badge badge-success badge-sm whitespace-nowrap">Active</span>;
}

/** Shop admin: every endpoint, its events and state; its deliveries below it; delete one. */
export function WebhooksTable({ endpoints }: { endpoints: WebhookSummary[] }) {
  const [deleting, setDeleting] = useState<WebhookSummary | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {endpoints.map((endpoint) => (
        <article
          key={endpoint.id}
          data-testid="webhook-row"
          aria-label={`Endpoint ${endpoint.url}`}
          className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
        >
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h3 className="font-mono text-sm font-semibold break-all">{endpoint.url}</h3>
              <p className="text-xs text-base-content/60">
                Added {formatDateTime(endpoint.createdAt)}
                {endpoint.createdBy ? ` by ${endpoint.createdBy}` : ''}
              </p>
            </div>
            <EndpointState endpoint={endpoint} />
          </div>
          <ul className="flex flex-wrap gap-1" aria-label="Events">
            {endpoint.events.map((event) => (
              <li key={event} className="badge badge-ghost badge-sm whitespace-nowrap">
                {event}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-expanded={open === endpoint.id}
              onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
            >
              {open === endpoint.id ? 'Hide deliveries' : 'Deliveries'}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              onClick={() => setDeleting(endpoint)}
            >
              Delete<span className="sr-only"> {endpoint.url}</span>
            </button>
          </div>
          {open === endpoint.id && <WebhookDeliveries endpointId={endpoint.id} />}
        </article>
      ))}
      {deleting && <DeleteModal endpoint={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function DeleteModal({ endpoint, onClose }: { endpoint: WebhookSummary; onClose: () => void }) {
  const remove = useDeleteWebhook();
  return (
    <ConfirmModal
      title="Delete this endpoint?"
      description={`Nothing more is sent to ${endpoint.url}, and its delivery log goes with it.`}
      confirmLabel="Yes, delete it"
      cancelLabel="Keep it"
      busy={remove.isPending}
      error={remove.error?.message}
      onConfirm={async () => {
        const { message } = await remove.mutateAsync(endpoint.id);
        toast.success(message ?? 'Webhook endpoint deleted');
      }}
      onClose={onClose}
    />
  );
}
