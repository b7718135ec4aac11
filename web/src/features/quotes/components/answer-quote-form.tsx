import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AnswerQuoteRequest,
  answerQuoteRequest,
  MAX_LEAD_TIME_DAYS,
  type Quote,
} from '@proper-parts/domain/quotes';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { formatPieces, formatPrice } from '../../../lib/format';
import { useAnswerQuote } from '../api/answer-quote';
import { NoteField } from './note-field';

type AnswerInput = z.input<typeof answerQuoteRequest>;

/** A day `days` from today, as the date input writes it (UTC, as the server judges expiry). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Dollars summed in cents: a sum of dollar fractions drifts. */
const totalOf = (quote: Quote, prices: { unitPrice?: number }[] | undefined) =>
  quote.lines.reduce((sum, line, i) => {
    const price = prices?.[i]?.unitPrice;
    return Number.isFinite(price) ? sum + Math.round((price as number) * 100) * line.quantity : sum;
  }, 0) / 100;

/**
 * The shop's answer: a unit price for every line (prefilled with today's list price for the
 * quantity), a lead time, the last day the offer holds, and a note to the buyer.
 */
export function AnswerQuoteForm({ quote, onAnswered }: { quote: Quote; onAnswered: () => void }) {
  const answer = useAnswerQuote();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AnswerInput, unknown, AnswerQuoteRequest>({
    resolver: zodResolver(answerQuoteRequest),
    defaultValues: {
      lines: quote.lines.map((line) => ({ lineNo: line.lineNo, unitPrice: line.listPrice ?? 0 })),
      leadTimeDays: 14,
      expiresOn: dayFromToday(14),
      note: '',
    },
  });
  const prices = useWatch({ control, name: 'lines' });
  const submit = handleSubmit(async (input) => {
    try {
      await answer.mutateAsync({ id: quote._id, input });
      onAnswered();
    } catch {
      // Shown under the form: a closed quote, a missing line.
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ul className="divide-y divide-base-300 border-y border-base-300" aria-label="Prices">
        {quote.lines.map((line, i) => (
          <li key={line.lineNo} className="grid gap-2 py-3 sm:grid-cols-[1fr_12rem] sm:items-start">
            <div className="min-w-0">
              <p className="font-medium">{line.name}</p>
              <p className="text-sm text-base-content/70">
                <span className="font-mono">{line.sku}</span> · {formatPieces(line.quantity)} ·{' '}
                {formatPieces(line.availableQuantity)} in stock · list{' '}
                {line.listPrice === null ? 'not sold' : formatPrice(line.listPrice)}
              </p>
            </div>
            <FormField
              label={`Unit price for ${line.sku} ($)`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              error={errors.lines?.[i]?.unitPrice?.message}
              {...register(`lines.${i}.unitPrice`, { valueAsNumber: true })}
            />
          </li>
        ))}
      </ul>
      <p className="flex justify-between text-lg font-bold" aria-live="polite">
        <span>Quoted total</span>
        <span data-testid="answer-total">{formatPrice(totalOf(quote, prices))}</span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Lead time (days)"
          type="number"
          inputMode="numeric"
          min="0"
          max={MAX_LEAD_TIME_DAYS}
          error={errors.leadTimeDays?.message}
          {...register('leadTimeDays', { valueAsNumber: true })}
        />
        <FormField
          label="Valid until (last day)"
          type="date"
          min={dayFromToday(0)}
          error={errors.expiresOn?.message}
          {...register('expiresOn')}
        />
      </div>
      <NoteField
        label="Note to the buyer (optional)"
        error={errors.note?.message}
        {...register('note')}
      />
      <FormAlert
        message={answer.error?.message ?? errors.lines?.message ?? errors.lines?.root?.message}
      />
      <BusyButton busy={answer.isPending}>Send answer</BusyButton>
    </form>
  );
}
