import { webhookSummary } from '@proper-parts/domain/webhooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { keysetPages } from '../../../lib/keyset-pages';

export const WEBHOOKS_PAGE_SIZE = 20;

/** Every webhook query starts with this key: a new endpoint, a delete or a resend invalidates it. */
export const webhooksKey = ['webhooks'] as const;

/** Shop admin: `GET /admin/webhooks`, the endpoints, the newest first, one keyset page. */
export const getWebhooks = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.webhooks({ limit: WEBHOOKS_PAGE_SIZE, cursor }),
    { schema: webhookSummary.array(), signal },
  );
  return { endpoints: data, nextCursor };
};

export const webhooksQueryOptions = () => keysetPages([...webhooksKey, 'list'], getWebhooks);

export const useWebhooks = () => useInfiniteQuery(webhooksQueryOptions());
