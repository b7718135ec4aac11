import { messages } from '@proper-parts/domain/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../../test/test-utils';
import { ApiError, apiFetch, apiFetchEnvelope, NETWORK_ERROR_MESSAGE } from './api-client';

const stubFetch = (implementation: () => Promise<Response>) => {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('returns the envelope data, parsed by the schema', async () => {
    stubFetch(async () => jsonResponse({ success: true, data: { count: 3, extra: 'dropped' } }));
    const data = await apiFetch('/api/v1/things', { schema: z.object({ count: z.number() }) });
    expect(data).toEqual({ count: 3 });
  });

  it('throws the envelope message and status on success:false', async () => {
    stubFetch(async () => jsonResponse({ success: false, message: 'Unknown product id' }, 404));
    const error = await apiFetch('/api/v1/tools/nope').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Unknown product id', status: 404 });
  });

  it('throws when a 200 answer says success:false', async () => {
    stubFetch(async () => jsonResponse({ success: false, message: 'Nope' }));
    await expect(apiFetch('/api/v1/x')).rejects.toThrow('Nope');
  });

  it('throws a generic ApiError for a non-JSON answer', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/api/v1/x')).rejects.toMatchObject({
      message: messages.internalError,
      status: 502,
    });
  });

  it('throws an ApiError with status 0 when the network fails', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/api/v1/x')).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      status: 0,
    });
  });

  it('throws when data does not match the schema', async () => {
    stubFetch(async () => jsonResponse({ success: true, data: { count: 'three' } }));
    await expect(
      apiFetch('/api/v1/x', { schema: z.object({ count: z.number() }) }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('sends JSON with same-origin credentials', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: true, data: null }));
    await apiFetch('/api/v1/reviews', { method: 'POST', body: { rating: 5 } });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/reviews',
      expect.objectContaining({
        method: 'POST',
        body: '{"rating":5}',
        credentials: 'same-origin',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });
});

describe('apiFetchEnvelope', () => {
  it("keeps the envelope's message and a page's nextCursor beside the parsed data", async () => {
    stubFetch(async () =>
      jsonResponse({
        success: true,
        data: [{ n: 1, extra: 'dropped' }],
        message: 'Done',
        nextCursor: 'c2',
      }),
    );
    const envelope = await apiFetchEnvelope('/api/v1/things', {
      schema: z.object({ n: z.number() }).array(),
    });
    expect(envelope).toEqual({ data: [{ n: 1 }], message: 'Done', nextCursor: 'c2' });
  });

  it('answers a null nextCursor and no message when the envelope has none', async () => {
    stubFetch(async () => jsonResponse({ success: true, data: 3 }));
    expect(await apiFetchEnvelope('/api/v1/x')).toEqual({
      data: 3,
      message: undefined,
      nextCursor: null,
    });
  });
});
