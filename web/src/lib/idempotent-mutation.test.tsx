import type { Order } from '@proper-parts/domain/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-stubs';
import { createTestQueryClient, jsonResponse } from '../../test/test-utils';
import { useCheckout } from '../features/cart/api/checkout';
import { useReorder } from '../features/cart/api/reorder';

const ORDER: Order = {
  _id: '0b5c1f6e-1111-4222-8333-444455556666',
  toolId: 'p-1',
  purchaseName: 'Bearing',
  quantity: 1,
  unitPrice: 1,
  price: 1,
  img: '/b.svg',
  userName: 'Bea',
  email: 'bea@example.com',
  address: '1 Mill Rd',
  phone: '555',
  status: 'unpaid',
  paid: false,
  transactionId: null,
  createdAt: '2026-05-01T00:00:00.000Z',
  lines: [],
  poNumber: null,
  note: null,
  invoiceNumber: null,
  companyId: null,
  paymentTerms: 'card',
  approvalExpiresAt: null,
  rejectionReason: null,
  subtotal: 1,
  deposits: 0,
  freight: 0,
  taxes: [],
  tax: 0,
  total: 1,
  taxNote: null,
  shipTo: null,
  shippingMethod: null,
  shippingMethodName: null,
  dueOn: null,
  quoteId: null,
};
const shipTo = { address: '1 Mill Rd', phone: '555 0100', paymentTerms: 'card' as const };
const unavailable = () =>
  jsonResponse({ success: false, message: 'The database is unavailable' }, 503);
const placed = () => jsonResponse({ success: true, data: ORDER });

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

/** The Idempotency-Key of every POST to `path`, in order. */
const keysSentTo = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith(path) && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);

/**
 * Issue 31: checkout, and every action that creates, sends one Idempotency-Key per user action,
 * the same on its retries, so the server answers what a lost answer committed.
 */
describe('useIdempotentMutation (checkout, reorder, …)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('retries a 503 with the same key, and the next action gets a new one', async () => {
    let answered = 0;
    const fetchMock = stubApi({
      'POST /api/v1/orders': () => (++answered === 1 ? unavailable() : placed()),
    });
    const { result } = renderHook(() => useCheckout(), { wrapper });
    await act(async () => {
      const done = result.current.mutateAsync(shipTo);
      await vi.advanceTimersByTimeAsync(2500);
      expect((await done)._id).toBe(ORDER._id);
    });
    const [first, retry] = keysSentTo(fetchMock, '/orders');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);

    await act(() => result.current.mutateAsync(shipTo));
    expect(keysSentTo(fetchMock, '/orders')).toHaveLength(3);
    expect(keysSentTo(fetchMock, '/orders')[2]).not.toBe(first);
  });

  it("the buyer's own click again after the retries ran out sends the same key", async () => {
    let answered = 0;
    const fetchMock = stubApi({
      'POST /api/v1/orders': () => (++answered <= 3 ? unavailable() : placed()),
    });
    const { result } = renderHook(() => useCheckout(), { wrapper });
    await act(async () => {
      const failed = result.current.mutateAsync(shipTo).catch((error: Error) => error);
      await vi.advanceTimersByTimeAsync(7000);
      expect(await failed).toHaveProperty('status', 503);
    });
    await act(() => result.current.mutateAsync(shipTo));
    const keys = keysSentTo(fetchMock, '/orders');
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('a refusal ends the action: the next click is a new action with a new key', async () => {
    let answered = 0;
    const fetchMock = stubApi({
      'POST /api/v1/orders': () =>
        ++answered === 1
          ? jsonResponse({ success: false, message: 'Your cart changed' }, 409)
          : placed(),
    });
    const { result } = renderHook(() => useCheckout(), { wrapper });
    await act(() => result.current.mutateAsync(shipTo).catch(() => undefined));
    await act(() => result.current.mutateAsync(shipTo));
    const [refused, next] = keysSentTo(fetchMock, '/orders');
    expect(next).not.toBe(refused);
  });

  it('another input is another action (Buy again on another order)', async () => {
    const reordered = () =>
      jsonResponse({
        success: true,
        data: {
          cart: { lines: [], total: 0 },
          added: 1,
          notSold: [],
          priceChanged: [],
        },
      });
    const fetchMock = stubApi({
      'POST /api/v1/orders/o-1/reorder': reordered,
      'POST /api/v1/orders/o-2/reorder': reordered,
    });
    const { result } = renderHook(() => useReorder(), { wrapper });
    await act(() => result.current.mutateAsync('o-1').catch(() => undefined));
    await act(() => result.current.mutateAsync('o-2').catch(() => undefined));
    const keys = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(
        ([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
      );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
