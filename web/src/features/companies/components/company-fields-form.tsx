import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateCompanyRequest, companyFields } from '@proper-parts/domain/companies';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';

type CompanyFieldsInput = z.input<typeof companyFields>;

/** Legal name, tax or VAT number and billing address: to create a company, or to edit it. */
export function CompanyFieldsForm({
  defaultValues,
  submitLabel,
  error,
  onSubmit,
}: {
  defaultValues?: CreateCompanyRequest;
  submitLabel: string;
  error?: string | null;
  onSubmit: (values: CreateCompanyRequest) => Promise<unknown>;
}) {
  const billingId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFieldsInput, unknown, CreateCompanyRequest>({
    resolver: zodResolver(companyFields),
    defaultValues: defaultValues ?? { name: '', taxId: '', billingAddress: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The caller's mutation keeps the error; it shows under the form.
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <FormField
        label="Legal name"
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label="Tax or VAT number (optional)"
        error={errors.taxId?.message}
        {...register('taxId')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={billingId} className="text-sm font-medium">
          Billing address
        </label>
        <textarea
          id={billingId}
          rows={3}
          className={`textarea w-full ${errors.billingAddress ? 'textarea-error' : ''}`}
          aria-invalid={errors.billingAddress ? true : undefined}
          aria-describedby={errors.billingAddress ? `${billingId}-error` : undefined}
          {...register('billingAddress')}
        />
        {errors.billingAddress && (
          <p id={`${billingId}-error`} className="text-sm text-error">
            {errors.billingAddress.message}
          </p>
        )}
      </div>
      <FormAlert message={error} />
      <BusyButton busy={isSubmitting} className="btn-primary sm:w-auto sm:self-start">
        {submitLabel}
      </BusyButton>
    </form>
  );
}
