import type { Quote } from '@proper-parts/domain/quotes';
import { formatPieces, formatPrice } from '../../../lib/format';

/**
 * A quote's lines: what was asked for, today's list price beside the shop's price, and what is
 * in stock (the rest follows on back order once accepted). A list, not a table: it reads on a phone.
 */
export function QuoteLines({ quote }: { quote: Quote }) {
  return (
    <ul className="divide-y divide-base-300 border-y border-base-300" aria-label="Quote lines">
      {quote.lines.map((line) => {
        const short = line.quantity > line.availableQuantity;
        return (
          <li key={line.lineNo} className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium">{line.name}</p>
              <p className="text-sm text-base-content/70">
                <span className="font-mono">{line.sku}</span> · {formatPieces(line.quantity)}
                {short && quote.status !== 'accepted' && (
                  <span> · only {formatPieces(line.availableQuantity)} in stock</span>
                )}
              </p>
            </div>
            <dl className="grid grid-cols-3 gap-x-4 text-sm sm:text-right">
              <div>
                <dt className="text-base-content/70">List</dt>
                <dd className={line.unitPrice !== null ? 'line-through opacity-60' : ''}>
                  {line.listPrice === null ? 'Not sold' : formatPrice(line.listPrice)}
                </dd>
              </div>
              <div>
                <dt className="text-base-content/70">Quoted</dt>
                <dd className="font-semibold" data-testid="quoted-price">
                  {line.unitPrice === null ? '—' : formatPrice(line.unitPrice)}
                </dd>
              </div>
              <div>
                <dt className="text-base-content/70">Line</dt>
                <dd className="font-semibold">
                  {line.lineTotal === null ? '—' : formatPrice(line.lineTotal)}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
