import type { Company } from '@proper-parts/domain/companies';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { formatPrice } from '../../../lib/format';
import { PaymentTermsFields } from '../../companies/components/payment-terms-fields';

/** The fields checkout and a quote's acceptance share (their requests' names for them). */
export interface ShippingFieldsInput {
  address?: string;
  phone?: string;
  poNumber?: string;
  paymentTerms?: 'card' | 'account';
}

/**
 * Where an order ships and how it is paid, inside a form under react-hook-form's `FormProvider`:
 * the address and phone, for a company member card or account, and the PO number (required on
 * account). `children` come after them; then, for a buyer whose limit `total` is above, a note
 * that the order waits for an approver.
 */
export function ShippingFields({
  company,
  total,
  what,
  address,
  children,
}: {
  /** The company the order is placed for; none: paid by card. */
  company: Company | null | undefined;
  total: number;
  /** What is being placed, as the note names it. */
  what: 'cart' | 'quote';
  /**
   * Issue 33: where it ships, in fields of the caller's (checkout's structured address); without
   * it, the one-line address and phone fields.
   */
  address?: ReactNode;
  children?: ReactNode;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ShippingFieldsInput>();
  const onAccount = watch('paymentTerms') === 'account';
  const limit = company?.me.role === 'buyer' ? company.me.orderLimit : null;
  return (
    <>
      {address ?? (
        <>
          <FormField
            label="Ship to (address)"
            autoComplete="street-address"
            error={errors.address?.message}
            {...register('address')}
          />
          <FormField
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </>
      )}
      {company && (
        <PaymentTermsFields
          company={company}
          field={register('paymentTerms')}
          error={errors.paymentTerms?.message}
        />
      )}
      <FormField
        label={onAccount ? 'PO number (required on account)' : 'PO number (optional)'}
        error={errors.poNumber?.message}
        {...register('poNumber')}
      />
      {children}
      {limit !== null && total > limit && (
        <p role="note" className="alert alert-info text-sm">
          {what === 'quote'
            ? `This quote is above your limit of ${formatPrice(limit)}: its order will wait`
            : `This order is above your limit of ${formatPrice(limit)}: it will wait`}{' '}
          for an approver of your company, its stock held meanwhile.
        </p>
      )}
    </>
  );
}
