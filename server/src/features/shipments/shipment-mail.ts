import type { Order } from '@proper-parts/domain/orders';
import type { Shipment } from '@proper-parts/domain/shipments';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The buyer's mail of one shipment (issue 33): what is in the box, the carrier and a link to its
 * tracking page (UPS, FedEx, USPS, DHL) or the number itself, and what is still to follow.
 */
export function shipmentMail(order: Order, shipment: Shipment): MailMessage {
  const tracking = shipment.trackingUrl
    ? `Track it: ${shipment.trackingUrl}`
    : `Tracking number: ${shipment.trackingNumber ?? 'none'}`;
  const left = order.lines
    .map((line) => ({ line, left: line.quantity - (line.shipped ?? 0) }))
    .filter((entry) => entry.left > 0);
  const rest =
    left.length === 0
      ? ['This completes your order.']
      : [
          'Still to follow:',
          ...left.map(({ line, left }) => `  ${line.sku}  ${line.name}: ${left}`),
        ];
  return {
    to: order.email,
    subject:
      left.length === 0
        ? `Your order ${order._id} has shipped`
        : `Part of your order ${order._id} has shipped`,
    text: [
      `Hello ${order.userName},`,
      '',
      `A shipment of your order ${order._id}${order.poNumber ? ` (PO ${order.poNumber})` : ''} has left our warehouse${order.address ? ` for ${order.address}` : ''}.`,
      '',
      `Carrier: ${shipment.carrier ?? 'not given'}`,
      tracking,
      '',
      'In this shipment:',
      ...shipment.lines.map((line) => `  ${line.sku}  ${line.name}: ${line.quantity}`),
      '',
      ...rest,
      '',
    ].join('\n'),
  };
}
