import { zodResolver } from '@hookform/resolvers/zod';
import {
  addressText,
  type StructuredAddressInput,
  structuredAddress,
} from '@proper-parts/domain/addresses';
import { type CreateCompanyRequest, companyFields } from '@proper-parts/domain/companies';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { AddressFields, emptyAddress } from '../../addresses/components/address-fields';

/** Issue 33: the billing address in fields, checked per country; its text is made from them. */
const companyForm = companyFields
  .pick({ name: true, taxId: true })
  .extend({ billingTo: structuredAddress });
type CompanyFormInput = z.input<typeof companyForm>;
type CompanyFormValues = z.output<typeof companyForm>;

/** Legal name, tax or VAT number and billing address: to create a company, or to edit it. */
export function CompanyFieldsForm({
  defaultValues,
  submitLabel,
  error,
  onSubmit,
}: {
  /** The company as it is: its billing address in fields, or (before issue 33) as text only. */
  defaultValues?: {
    name: string;
    taxId: string;
    billingAddress: string;
    billingTo?: StructuredAddressInput | null;
  };
  submitLabel: string;
  error?: string | null;
  onSubmit: (values: CreateCompanyRequest) => Promise<unknown>;
}) {
  const form = useForm<CompanyFormInput, unknown, CompanyFormValues>({
    resolver: zodResolver(companyForm),
    mode: 'onTouched',
    defaultValues: {
      name: defaultValues?.name ?? '',
      taxId: defaultValues?.taxId ?? '',
      billingTo: { ...emptyAddress(), ...defaultValues?.billingTo },
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const submit = handleSubmit(async ({ name, taxId, billingTo }) => {
    try {
      await onSubmit({ name, taxId, billingAddress: addressText(billingTo), billingTo });
    } catch {
      // The caller's mutation keeps the error; it shows under the form.
    }
  });
  const textOnly = defaultValues && !defaultValues.billingTo ? defaultValues.billingAddress : '';

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
        <FormField
          label="Legal name"
          autoComplete="organization"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Tax or VAT number (optional)"
          hint="An EU VAT number (DE136695976) of another member state than the shop's: the reverse charge applies."
          error={errors.taxId?.message}
          {...register('taxId')}
        />
        {textOnly && (
          <p role="note" className="text-sm text-base-content/70" data-testid="billing-text">
            Billing address on file: <span className="font-medium">{textOnly}</span>. Enter it in
            the fields below to save it.
          </p>
        )}
        <AddressFields name="billingTo" section="billing" legend="Billing address" />
        <FormAlert message={error} />
        <BusyButton busy={isSubmitting} className="btn-primary sm:w-auto sm:self-start">
          {submitLabel}
        </BusyButton>
      </form>
    </FormProvider>
  );
}
