import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreditNoteRef,
  type PayBackRequest,
  payBackRequest,
} from '@proper-parts/domain/returns';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { usePayBackCreditNote } from '../api/pay-back-credit-note';
import { formatCents } from './return-lines';

type PayBackInput = z.input<typeof payBackRequest>;

/**
 * Shop admin (issue 37): record that what a credit note's invoice no longer owed was paid back to
 * the company, under the bank transfer's or cheque's reference. The server pays back the whole
 * amount owed, once; a refusal (paid back already, nothing owed) shows under the form.
 */
export function PayBackForm({ note }: { note: CreditNoteRef }) {
  const payBack = usePayBackCreditNote();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PayBackInput, unknown, PayBackRequest>({
    resolver: zodResolver(payBackRequest),
    defaultValues: { reference: '' },
  });

  return (
    <form
      noValidate
      className="flex max-w-sm flex-col gap-2"
      aria-label={`Pay back credit note ${note.number}`}
      onSubmit={handleSubmit(async (body) => {
        try {
          const { message } = await payBack.mutateAsync({ id: note.id, body });
          toast.success(message ?? `Credit note ${note.number} paid back`);
        } catch {
          // payBack.error shows under the form.
        }
      })}
    >
      <FormField
        label="Transfer or cheque reference"
        className="input-sm"
        maxLength={100}
        autoComplete="off"
        hint={`${formatCents(note.owedBackCents)} owed back to the company on ${note.number}`}
        error={errors.reference?.message}
        {...register('reference')}
      />
      <FormAlert message={payBack.error?.message} className="text-left" />
      <button
        type="submit"
        className="btn btn-primary btn-sm self-start"
        disabled={payBack.isPending}
        aria-busy={payBack.isPending || undefined}
      >
        Record pay-back
      </button>
    </form>
  );
}
