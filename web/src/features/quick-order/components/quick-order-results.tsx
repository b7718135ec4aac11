import { formatCount, formatPrice } from '@proper-parts/domain/format';
import type { QuickOrderLine, QuickOrderStatus } from '@proper-parts/domain/quick-order';
import { StruckListPrice } from '../../../components/struck-list-price';
import { YourNumber } from '../../../components/your-number';

const statusLabel: Record<QuickOrderStatus, { text: string; tone: string }> = {
  ok: { text: 'Ready', tone: 'badge-success' },
  not_found: { text: 'Not found', tone: 'badge-error' },
  below_minimum: { text: 'Below minimum', tone: 'badge-warning' },
  above_stock: { text: 'Not enough stock', tone: 'badge-warning' },
  not_pack: { text: 'Not whole packs', tone: 'badge-warning' },
  above_maximum: { text: 'Above order maximum', tone: 'badge-warning' },
  invalid: { text: 'Cannot read', tone: 'badge-error' },
  superseded: { text: 'Replaced', tone: 'badge-info' },
  not_in_catalog: { text: 'Not in your catalog', tone: 'badge-error' },
};

/** A line's status in words and colour (the words carry it; the colour only helps). */
export function QuickOrderStatusBadge({ status }: { status: QuickOrderStatus }) {
  const { text, tone } = statusLabel[status];
  return <span className={`badge badge-soft whitespace-nowrap ${tone}`}>{text}</span>;
}

export type LineFix = { line: number; partNumber: string } | { line: number; quantity: number };

/** The one-click fixes a line offers: another part number, or a quantity the shop can take. */
function Fixes({
  line,
  onFix,
  busy,
}: {
  line: QuickOrderLine;
  onFix: (fix: LineFix) => void;
  busy: boolean;
}) {
  const buttons: { label: string; title?: string; fix: LineFix }[] = [];
  if (line.status === 'not_found')
    for (const suggestion of line.suggestions)
      buttons.push({
        label: `Use ${suggestion.sku}`,
        title: suggestion.name,
        fix: { line: line.line, partNumber: suggestion.sku },
      });
  // Issue 36: the line names the replacement; one click orders it instead of the old number.
  if (line.status === 'superseded' && line.sku)
    buttons.push({
      label: `Order ${line.sku} instead`,
      title: line.name ?? undefined,
      fix: { line: line.line, partNumber: line.sku },
    });
  const minimum = line.minimumOrderQuantity;
  const available = line.availableQuantity;
  // The server's rounding reaches the minimum in whole packs, counting the product's other lines.
  const rounded = line.roundedQuantity ?? minimum;
  if ((line.status === 'below_minimum' || line.status === 'not_pack') && rounded !== null)
    buttons.push({
      label: `Round up to ${formatCount(rounded)}`,
      fix: { line: line.line, quantity: rounded },
    });
  if (
    line.status === 'above_stock' &&
    available !== null &&
    available > 0 &&
    available >= (minimum ?? 1)
  )
    buttons.push({
      label: `Order ${formatCount(available)}`,
      fix: { line: line.line, quantity: available },
    });
  // Issue 35: a line alone above the most one order takes offers that most.
  const most = line.maxOrderQuantity;
  if (line.status === 'above_maximum' && most !== null && (line.quantity ?? 0) > most)
    buttons.push({
      label: `Order ${formatCount(most)}`,
      fix: { line: line.line, quantity: most },
    });
  if (buttons.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {buttons.map((button) => (
        <button
          key={button.label}
          type="button"
          className="btn btn-outline btn-primary btn-xs"
          title={button.title}
          disabled={busy}
          onClick={() => onFix(button.fix)}
        >
          {button.label}
        </button>
      ))}
    </div>
  );
}

type QuickOrderResultsProps = {
  lines: QuickOrderLine[];
  onFix: (fix: LineFix) => void;
  /** While a check runs, the fixes wait for it. */
  busy: boolean;
  /** The vehicle the lines were checked against (issue 20): a part that does not fit says so. */
  vehicle?: string | null;
};

/**
 * Each checked line: what was typed, what it matched, and what is wrong with it. On phones a row
 * stacks (line, status and quantity, then the part, then the message and its fixes), so the fixes
 * are in view without scrolling sideways.
 */
export function QuickOrderResults({ lines, onFix, busy, vehicle }: QuickOrderResultsProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm max-sm:block">
        <caption className="sr-only">Checked lines</caption>
        <thead className="max-sm:sr-only">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Input</th>
            <th scope="col">Status</th>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Qty
            </th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Line total
            </th>
            <th scope="col" className="sm:min-w-48">
              Message
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {lines.map((line) => (
            <tr
              key={line.line}
              data-testid="quick-order-line"
              data-status={line.status}
              data-fits={line.fits === false ? 'no' : undefined}
              className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-3 max-sm:py-3 max-sm:[&>*]:p-0"
            >
              <th scope="row" className="text-base-content/60 max-sm:order-1">
                <span className="sm:hidden">Line </span>
                {line.line}
              </th>
              <td className="max-w-40 truncate font-mono text-xs max-sm:hidden" title={line.input}>
                {line.input}
              </td>
              <td className="max-sm:order-2">
                <QuickOrderStatusBadge status={line.status} />
              </td>
              <td className="min-w-40 max-sm:order-4 max-sm:w-full">
                {line.sku ? (
                  <>
                    <span className="block font-mono text-xs font-semibold">
                      {line.sku}
                      <YourNumber number={line.customerPartNumber} />
                    </span>
                    <span className="block text-xs text-base-content/70">{line.name}</span>
                    {line.replaces && (
                      <span className="block text-xs text-base-content/70">
                        replaces <span className="font-mono">{line.replaces}</span>
                      </span>
                    )}
                  </>
                ) : (
                  <>
                    <span className="text-base-content/50 max-sm:hidden">—</span>
                    <span className="block font-mono text-xs break-all sm:hidden">
                      {line.input}
                    </span>
                  </>
                )}
              </td>
              <td className="text-right whitespace-nowrap max-sm:order-3 max-sm:ml-auto">
                <span className="text-base-content/60 sm:hidden">Qty </span>
                {line.quantity === null ? '—' : formatCount(line.quantity)}
              </td>
              <td className="text-right whitespace-nowrap max-sm:order-4 max-sm:text-sm">
                {line.unitPrice === null ? (
                  <span className="text-base-content/50 max-sm:hidden">—</span>
                ) : (
                  <>
                    {formatPrice(line.unitPrice)}
                    <span className="text-base-content/60 sm:hidden"> per pc</span>
                    {line.priceSource === 'contract' && (
                      <StruckListPrice
                        listPrice={line.listPrice}
                        price={line.unitPrice}
                        className="text-sm text-base-content/70 sm:block"
                        testId="quick-order-list-price"
                      />
                    )}
                  </>
                )}
              </td>
              <td
                className={`text-right whitespace-nowrap max-sm:order-4 max-sm:ml-auto max-sm:text-sm ${line.status === 'ok' ? 'font-semibold' : 'text-base-content/60'}`}
              >
                {line.lineTotal === null ? (
                  <span className="text-base-content/50 max-sm:hidden">—</span>
                ) : (
                  formatPrice(line.lineTotal)
                )}
              </td>
              <td className="text-sm max-sm:order-5 max-sm:w-full max-sm:empty:hidden">
                {vehicle && line.fits === false && (
                  <span className="mb-1 block w-fit rounded-field bg-warning/25 px-2 py-0.5 font-medium">
                    Does not fit your {vehicle}
                  </span>
                )}
                {line.message}
                <Fixes line={line} onFix={onFix} busy={busy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
