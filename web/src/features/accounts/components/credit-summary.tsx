import { formatPrice } from '../../../lib/format';
import { termsLabel } from '../format-day';

type CreditSummaryProps = {
  termsDays: number | null;
  creditLimit: number;
  balance: number;
  availableCredit: number;
  overdueTotal: number;
  awaitingApproval?: number;
};

/** The account at a glance: what is owed, the limit, what is left, and what is late. */
export function CreditSummary(props: CreditSummaryProps) {
  const overdue = props.overdueTotal > 0;
  const figures = [
    { label: 'Balance', value: formatPrice(props.balance) },
    { label: 'Credit limit', value: formatPrice(props.creditLimit) },
    { label: 'Available credit', value: formatPrice(props.availableCredit) },
    { label: 'Overdue', value: formatPrice(props.overdueTotal), alert: overdue },
  ];
  return (
    <div className="mb-6">
      <dl
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
        aria-label={`Account: ${termsLabel(props.termsDays)}`}
      >
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={`rounded-box border bg-base-100 p-4 ${figure.alert ? 'border-error' : 'border-base-300'}`}
          >
            <dt className="text-sm text-base-content/70">{figure.label}</dt>
            <dd
              className={`mt-1 text-xl font-semibold tabular-nums sm:text-2xl ${figure.alert ? 'text-error' : ''}`}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-base-content/70">
        Terms: <span className="font-medium text-base-content">{termsLabel(props.termsDays)}</span>
        {props.awaitingApproval ? (
          <>
            {' '}
            · The balance includes {formatPrice(props.awaitingApproval)} in orders awaiting
            approval.
          </>
        ) : null}
      </p>
    </div>
  );
}
