import type { Order } from '@proper-parts/domain/orders';
import type { Shipment } from '@proper-parts/domain/shipments';
import { api } from '../../../config/paths';
import { formatDate, formatPieces } from '../../../lib/format';
import { useShipments } from '../api/shipments';

/** Orders with shipments to show: some of their pieces left the warehouse. */
const hasShipments = (order: Order) =>
  order.status === 'partially_shipped' || order.status === 'shipped';

/** One shipment: when, by whom, its tracking (a link for the carriers the shop knows), lines. */
export function ShipmentItem({ shipment }: { shipment: Shipment }) {
  return (
    <li className="flex flex-col gap-0.5" data-testid="shipment">
      <span>
        Shipped {formatDate(shipment.createdAt)}
        {shipment.carrier && <> · {shipment.carrier}</>}
        {shipment.trackingNumber && (
          <>
            {' · '}
            {shipment.trackingUrl ? (
              <a
                href={shipment.trackingUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="link link-primary break-all"
              >
                Track {shipment.trackingNumber}
              </a>
            ) : (
              <span className="break-all">Tracking {shipment.trackingNumber}</span>
            )}
          </>
        )}
      </span>
      <ul className="ml-3">
        {shipment.lines.map((line) => (
          <li key={line.lineNo}>
            <span className="font-mono">{line.sku}</span> {line.name}: {formatPieces(line.quantity)}
          </li>
        ))}
      </ul>
      <a href={api.packingSlip(shipment.id)} download className="link link-primary">
        Packing slip
      </a>
    </li>
  );
}

/** My Orders (issue 33): each shipment of an order that has shipped some or all of its pieces. */
export function OrderShipments({ order }: { order: Order }) {
  const shown = hasShipments(order);
  const { data: shipments = [], isError } = useShipments(order._id, shown);
  if (!shown) return null;
  if (isError)
    return <span className="block text-xs text-error">The shipments could not be loaded.</span>;
  // Orders shipped before shipments existed have none of record.
  if (shipments.length === 0) return null;
  return (
    <details
      className="mt-1 text-xs text-base-content/70"
      open={order.status === 'partially_shipped'}
    >
      <summary className="cursor-pointer">
        {shipments.length} shipment{shipments.length === 1 ? '' : 's'}
      </summary>
      <ol className="mt-1 flex flex-col gap-2">
        {shipments.map((shipment) => (
          <ShipmentItem key={shipment.id} shipment={shipment} />
        ))}
      </ol>
    </details>
  );
}
