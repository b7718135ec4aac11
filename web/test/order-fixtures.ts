import type { OrderLine } from '@proper-parts/domain/order-line';
import type { Order } from '@proper-parts/domain/orders';
import { customer } from './signed-in';

let sequence = 0;

/** An unpaid one-line card order of `customer`'s, with `overrides`. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    toolId: '00000000-0000-4000-8000-000000000999',
    purchaseName: `Gear ${sequence}`,
    quantity: 10,
    unitPrice: 5,
    price: 50,
    img: '/images/products/piston.svg',
    userName: customer.name,
    email: customer.email,
    address: '',
    phone: '',
    status: 'unpaid',
    paid: false,
    transactionId: null,
    createdAt: new Date().toISOString(),
    lines: [],
    poNumber: null,
    note: null,
    invoiceNumber: null,
    companyId: null,
    paymentTerms: 'card',
    approvalExpiresAt: null,
    rejectionReason: null,
    dueOn: null,
    quoteId: null,
    subtotal: 50,
    deposits: 0,
    freight: 0,
    taxes: [],
    tax: 0,
    total: 50,
    taxNote: null,
    shipTo: null,
    shippingMethod: null,
    shippingMethodName: null,
    ...overrides,
  };
}

/** Line `lineNo` of an order: `quantity` pieces at `unitPrice` dollars. */
export const buildLine = (lineNo: number, quantity: number, unitPrice: number): OrderLine => ({
  lineNo,
  productId: `00000000-0000-4000-8000-${String(lineNo).padStart(12, '0')}`,
  sku: `BRG-${6200 + lineNo}`,
  name: `Bearing ${lineNo}`,
  img: '/images/products/piston.svg',
  quantity,
  unitPrice,
  lineTotal: Math.round(quantity * unitPrice * 100) / 100,
});
