import type { Quote } from '@proper-parts/domain/quotes';

/** A quote as the API answers it, answered by default; override what a test is about. */
export function buildQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    _id: '7d3c5d2e-1111-4c4c-8888-000000000001',
    status: 'answered',
    message: 'For our 40-machine fleet',
    buyerName: 'Bea Buyer',
    buyerEmail: 'buyer@example.com',
    companyName: 'Acme Fasteners',
    leadTimeDays: 14,
    expiresOn: '2099-12-31',
    answerNote: 'Delivered in two lots',
    total: 929.6,
    orderId: null,
    order: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    answeredAt: '2026-11-21T10:00:00.000Z',
    lines: [
      {
        lineNo: 1,
        productId: 'p1',
        sku: 'BRG-6204',
        name: 'Deep-groove bearing 6204',
        quantity: 100,
        listPrice: 10,
        availableQuantity: 40,
        unitPrice: 8.5,
        lineTotal: 850,
      },
      {
        lineNo: 2,
        productId: 'p2',
        sku: 'NUT-M8',
        name: 'Hex nut M8',
        quantity: 40,
        listPrice: 2.5,
        availableQuantity: 500,
        unitPrice: 1.99,
        lineTotal: 79.6,
      },
    ],
    ...overrides,
  };
}

/** The same quote before the shop answered. */
export const requestedQuote = (overrides: Partial<Quote> = {}) =>
  buildQuote({
    status: 'requested',
    leadTimeDays: null,
    expiresOn: null,
    answerNote: null,
    total: null,
    answeredAt: null,
    lines: buildQuote().lines.map((line) => ({ ...line, unitPrice: null, lineTotal: null })),
    ...overrides,
  });
