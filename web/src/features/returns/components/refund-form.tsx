import { type ReturnRequest, refundReturnRequest } from '@proper-parts/domain/returns';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useDecideReturn } from '../api/returns';
import { formatCents } from './return-lines';

/**
 * Refund a received return, less a restocking fee (a whole percent of the goods) and with the
 * freight when the shop was at fault: to the card (the provider is asked once, whatever the
 * clicks), or by a credit note for an order on account. The server computes every amount.
 */
export function RefundForm({ request }: { request: ReturnRequest }) {
  const decide = useDecideReturn();
  const [fee, setFee] = useState('0');
  const [freight, setFreight] = useState(false);
  const [error, setError] = useState<string>();
  const onAccount = request.paymentTerms === 'account';

  const submit = () => {
    const parsed = refundReturnRequest.safeParse({
      restockingFeePercent: fee.trim() === '' ? 0 : Number(fee),
      refundFreight: freight,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    decide.mutate(
      { id: request.id, action: 'refund', body: parsed.data ?? {} },
      {
        onSuccess: (refunded) =>
          toast.success(
            refunded.creditNote
              ? `Credit note ${refunded.creditNote.number}: ${formatCents(refunded.refundCents ?? 0)}`
              : `Refunded ${formatCents(refunded.refundCents ?? 0)} to the card`,
          ),
        onError: (failure) =>
          /restocking/i.test(failure.message)
            ? setError(failure.message)
            : toast.error(failure.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="flex max-w-sm flex-col gap-2"
      aria-label={`Refund ${request.rmaNumber ?? ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField
        label="Restocking fee (%)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        className="input-sm w-24"
        value={fee}
        error={error}
        hint="A whole percent of the parts' price, kept from the refund"
        onChange={(event) => setFee(event.target.value)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={freight}
          onChange={(event) => setFreight(event.target.checked)}
        />
        Refund freight (the shop's fault)
      </label>
      <button
        type="submit"
        className="btn btn-primary btn-sm self-start"
        disabled={decide.isPending}
        aria-busy={decide.isPending || undefined}
      >
        {onAccount ? 'Issue credit note' : 'Refund to card'}
      </button>
    </form>
  );
}
