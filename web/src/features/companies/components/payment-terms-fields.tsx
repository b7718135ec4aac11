import type { Company } from '@proper-parts/domain/companies';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatPrice } from '../../../lib/format';

/**
 * Card or on account (issue 19), for a member of a company: checkout and a quote's acceptance.
 * On account is offered only when a shop admin has granted the company terms.
 */
export function PaymentTermsFields({
  company,
  field,
  error,
}: {
  company: Company;
  /** `register('paymentTerms')`. */
  field: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">Payment</legend>
      <label className="flex items-center gap-2">
        <input type="radio" className="radio radio-sm" value="card" {...field} />
        Card, paid after placing the order
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          className="radio radio-sm"
          value="account"
          disabled={!company.termsDays}
          {...field}
        />
        {company.termsDays
          ? `On account, net ${company.termsDays} (${formatPrice(company.availableCredit)} of credit left)`
          : 'On account (your company has no terms yet: a shop admin grants them)'}
      </label>
      {error && <p className="text-sm text-error">{error}</p>}
    </fieldset>
  );
}
