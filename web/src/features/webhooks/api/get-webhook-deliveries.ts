import { webhookDelivery } from '@proper-parts/domain/webhooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { keysetPages } from '../../../lib/keyset-pages';
import { webhooksKey } from './get-webhooks';

export const DELIVERIES_PAGE_SIZE = 20;

/** Shop admin: `GET /admin/webhooks/{id}/deliveries`, the newest first, one keyset page. */
export const getWebhookDeliveries = async ({
  endpointId,
  cursor,
  signal,
}: {
  endpointId: string;
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.webhookDeliveries(endpointId, { limit: DELIVERIES_PAGE_SIZE, cursor }),
    { schema: webhookDelivery.array(), signal },
  );
  return { deliveries: data, nextCursor };
};

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  keysetPages([...webhooksKey, 'deliveries', endpointId], (page) =>
    getWebhookDeliveries({ endpointId, ...page }),
  );

export const useWebhookDeliveries = (endpointId: string) =>
  useInfiniteQuery(webhookDeliveriesQueryOptions(endpointId));
