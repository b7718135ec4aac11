import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CompanyDetail,
  TERMS_DAYS,
  type TermsRequest,
  termsRequest,
} from '@proper-parts/domain/companies';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField, SelectField } from '../../../components/form-field';
import { formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSetTerms } from '../api/set-terms';

type TermsInput = z.input<typeof termsRequest>;

/** Shop admin: grant or change a company's net terms and credit limit. */
export function TermsForm({ company }: { company: CompanyDetail }) {
  const setTerms = useSetTerms();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TermsInput, unknown, TermsRequest>({
    resolver: zodResolver(termsRequest),
    defaultValues: {
      termsDays: company.termsDays as TermsInput['termsDays'],
      creditLimit: company.creditLimit,
    },
  });

  const submit = handleSubmit(async (terms) => {
    try {
      const { message } = await setTerms.mutateAsync({ id: company._id, terms });
      toast.success(message ?? 'Terms saved');
    } catch {
      // setTerms.error shows under the form.
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Terms and credit"
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 className="font-semibold">Terms and credit</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Payment terms"
          error={errors.termsDays?.message}
          {...register('termsDays', {
            setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
          })}
        >
          <option value="">None (card only)</option>
          {TERMS_DAYS.map((days) => (
            <option key={days} value={days}>
              Net {days}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Credit limit ($)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          error={errors.creditLimit?.message}
          {...register('creditLimit', { valueAsNumber: true })}
        />
      </div>
      <p className="text-sm text-base-content/70">
        The limit cannot go below what the company owes now ({formatPrice(company.balance)}).
      </p>
      <FormAlert message={setTerms.error?.message} />
      <BusyButton busy={setTerms.isPending} className="btn-primary sm:w-auto sm:self-start">
        Save terms
      </BusyButton>
    </form>
  );
}
