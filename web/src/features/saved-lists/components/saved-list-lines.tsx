import { formatCount, formatPrice } from '@proper-parts/domain/format';
import { Link } from 'react-router';
import { StruckListPrice } from '../../../components/struck-list-price';
import { paths } from '../../../config/paths';
import { ReplacedByNote } from '../../catalog/components/replaced-by-note';
import { useSavedList } from '../api/get-saved-list';

/** A saved list's lines, loaded when the list is opened. */
export function SavedListLines({ id }: { id: string }) {
  const { data: list, isPending, isError, error } = useSavedList(id);
  if (isPending)
    return (
      <p role="status" className="flex items-center gap-2 py-2 text-sm text-base-content/70">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        Loading the list…
      </p>
    );
  if (isError)
    return (
      <p role="alert" className="py-2 text-sm font-medium text-error">
        {error.message}
      </p>
    );
  if (list.lines.length === 0)
    return (
      <p className="py-2 text-sm text-base-content/70">None of its parts are sold any more.</p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Parts in {list.name}</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Qty
            </th>
            <th scope="col" className="text-right">
              Your price
            </th>
          </tr>
        </thead>
        <tbody>
          {list.lines.map((line) => (
            <tr key={line.productId}>
              <td className="font-mono text-xs whitespace-nowrap">{line.sku}</td>
              <td>
                <Link to={paths.product(line.slug)} className="link link-hover">
                  {line.name}
                </Link>
                <ReplacedByNote replacement={line.supersededBy} compact />
              </td>
              <td className="text-right whitespace-nowrap">{formatCount(line.quantity)}</td>
              <td className="text-right whitespace-nowrap" data-testid="saved-line-price">
                {line.unitPrice === null ? '—' : formatPrice(line.unitPrice)}
                {line.priceSource === 'contract' && (
                  <StruckListPrice
                    listPrice={line.listPrice}
                    price={line.unitPrice}
                    className="block text-xs text-base-content/70"
                    testId="saved-line-list-price"
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
