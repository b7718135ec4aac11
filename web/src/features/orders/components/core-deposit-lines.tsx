import { type CoreDepositLine, coreDepositMessages } from '@proper-parts/domain/core-deposits';
import type { Order } from '@proper-parts/domain/orders';
import { formatPieces, formatPrice } from '../../../lib/format';

const today = () => new Date().toISOString().slice(0, 10);

/** "1 core", "2 cores". */
const cores = (n: number) => `${n} core${n === 1 ? '' : 's'}`;

/** "Mar 3, 2027" for a YYYY-MM-DD day. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });

/**
 * Issue 37: what became of a line's core deposit, plainly: refunded for cores returned in time,
 * kept for cores returned late or not by the last day, and for the rest the day to return by.
 */
export function depositStatusOf(deposit: CoreDepositLine, quantity: number): string[] {
  const said: string[] = [];
  if (deposit.returnedInTime > 0)
    said.push(`${cores(deposit.returnedInTime)} returned in time: deposit given back`);
  if (deposit.returnedLate > 0)
    said.push(
      `${cores(deposit.returnedLate)}: ${coreDepositMessages.keptLate(deposit.returnDays)}`,
    );
  const open = quantity - deposit.returnedInTime - deposit.returnedLate;
  if (open <= 0) return said;
  if (deposit.returnBy === null)
    said.push(
      `Refunded when the old unit comes back within ${deposit.returnDays} days of shipment`,
    );
  else if (deposit.returnBy >= today())
    said.push(coreDepositMessages.returnBy(dayText(deposit.returnBy)));
  else said.push(coreDepositMessages.kept(dayText(deposit.returnBy)));
  return said;
}

/** An order's core deposit lines, each under its own name, with what became of it. */
export function CoreDepositLines({ order }: { order: Order }) {
  const lines = order.lines.filter((line) => line.coreDeposit);
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1 text-xs" aria-label="Core deposits">
      {lines.map((line) => {
        const deposit = line.coreDeposit as CoreDepositLine;
        return (
          <li key={line.lineNo} data-testid="core-deposit-line">
            <span className="font-medium">{coreDepositMessages.lineName(line.name)}</span>:{' '}
            {formatPieces(line.quantity)} × {formatPrice(deposit.unitDeposit)} ={' '}
            {formatPrice(deposit.total)}
            {deposit.tax > 0 && <> (tax {formatPrice(deposit.tax)})</>}
            {depositStatusOf(deposit, line.quantity).map((text) => (
              <span
                key={text}
                className={`block ${text.startsWith('Deposit kept') || text.includes('Deposit kept') ? 'text-warning' : 'text-base-content/70'}`}
              >
                {text}
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

/** A cart line's deposit: "+ core deposit $45.50 each, refunded when the old unit comes back". */
export function CartDepositNote({ deposit, returnDays }: { deposit: number; returnDays: number }) {
  if (deposit <= 0) return null;
  return (
    <span className="block text-xs text-base-content/70" data-testid="cart-core-deposit">
      + core deposit {formatPrice(deposit)} each, refunded when the old unit comes back within{' '}
      {returnDays} days of shipment
    </span>
  );
}
