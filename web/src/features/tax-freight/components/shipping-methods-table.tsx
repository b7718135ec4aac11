import type { ShippingMethodView } from '@proper-parts/domain/shipping';
import { formatPrice } from '../../../lib/format';

const zonesText = (method: ShippingMethodView) =>
  method.kind === 'pickup'
    ? 'Anywhere (collected)'
    : method.zones
        .map(
          (zone) =>
            `${zone.countries.join(', ')}${zone.regions.length ? ` (${zone.regions.join(', ')})` : ''}: ${zone.bands
              .map((band) => `≤ ${band.upToGrams / 1000} kg ${formatPrice(band.price)}`)
              .join(', ')}`,
        )
        .join('; ');

/** Issue 33: the shipping methods as saved, in the order checkout shows them. */
export function ShippingMethodsTable({ methods }: { methods: ShippingMethodView[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <thead>
          <tr>
            <th>Method</th>
            <th>Where and by weight</th>
            <th>Free over</th>
            <th>Shop quotes above</th>
          </tr>
        </thead>
        <tbody>
          {methods.map((method) => (
            <tr key={method.code} data-testid="shipping-method-row">
              <td>
                <span className="block font-medium">{method.name}</span>
                <span className="text-xs text-base-content/70">
                  {method.code} · {method.estimate || 'no estimate'}
                </span>
              </td>
              <td className="text-xs">{zonesText(method)}</td>
              <td>{method.freeOver === null ? '—' : formatPrice(method.freeOver)}</td>
              <td>
                {method.quoteAboveGrams === null ? '—' : `${method.quoteAboveGrams / 1000} kg`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
