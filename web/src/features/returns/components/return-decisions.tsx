import {
  RECEIVE_OUTCOMES,
  type ReceiveOutcome,
  type ReturnRequest,
  receiveReturnRequest,
} from '@proper-parts/domain/returns';
import { useId, useState } from 'react';
import { TextAreaField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useDecideReturn } from '../api/returns';

const outcomeLabels: Record<ReceiveOutcome, string> = {
  restock: 'Restock',
  scrap: 'Scrap',
  refuse: 'Refuse',
};

/** Approve (an RMA number, the buyer mailed) or refuse with a reason: a requested return. */
export function ApproveOrRefuse({ request }: { request: ReturnRequest }) {
  const decide = useDecideReturn();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-primary btn-sm self-start"
        disabled={decide.isPending}
        onClick={() =>
          decide.mutate(
            { id: request.id, action: 'approve' },
            {
              onSuccess: (approved) => toast.success(`Approved: ${approved.rmaNumber}`),
              onError: (failure) => toast.error(failure.message),
            },
          )
        }
      >
        Approve
      </button>
      <details>
        <summary className="btn btn-outline btn-error btn-xs">Refuse…</summary>
        <form
          noValidate
          className="mt-2 flex max-w-sm flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setError('Reason is required');
              return;
            }
            setError(undefined);
            decide.mutate(
              { id: request.id, action: 'refuse', reason },
              {
                onSuccess: () => toast.success('Return refused; the buyer is mailed'),
                onError: (failure) => setError(failure.message),
              },
            );
          }}
        >
          <TextAreaField
            label="Reason for the buyer"
            rows={2}
            maxLength={1000}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="submit" className="btn btn-error btn-sm self-start">
            Refuse return
          </button>
        </form>
      </details>
    </div>
  );
}

type Counts = Record<string, Record<ReceiveOutcome, string>>;

/** Receive an approved return: per product, how many are restocked, scrapped or refused. */
export function ReceiveForm({ request }: { request: ReturnRequest }) {
  const id = useId();
  const decide = useDecideReturn();
  const [counts, setCounts] = useState<Counts>(() =>
    Object.fromEntries(
      request.lines.map((line) => [
        line.productId,
        { restock: String(line.quantity), scrap: '0', refuse: '0' },
      ]),
    ),
  );
  const [error, setError] = useState<string>();

  const submit = () => {
    const lines = request.lines.flatMap((line) =>
      RECEIVE_OUTCOMES.map((outcome) => ({
        productId: line.productId,
        quantity: Number(counts[line.productId]?.[outcome] || 0),
        outcome,
      })).filter((entry) => entry.quantity !== 0),
    );
    const parsed = receiveReturnRequest.safeParse({ lines });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    decide.mutate(
      { id: request.id, action: 'receive', lines: parsed.data.lines },
      {
        onSuccess: () => toast.success('Return received'),
        onError: (failure) => setError(failure.message.replace(/^lines: /, '')),
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-xs font-medium">What came back</legend>
        {request.lines.map((line) => (
          <div key={line.productId} className="flex flex-wrap items-center gap-2 text-xs">
            <span className="min-w-0 basis-full truncate sm:flex-1 sm:basis-40">
              <span className="font-mono">{line.sku}</span> (of {line.quantity})
            </span>
            {RECEIVE_OUTCOMES.map((outcome) => (
              <label key={outcome} className="flex items-center gap-1">
                {outcomeLabels[outcome]}
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.quantity}
                  className={`input input-xs w-16 ${error ? 'input-error' : ''}`}
                  aria-label={`${outcomeLabels[outcome]} pieces of ${line.sku}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  value={counts[line.productId]?.[outcome] ?? ''}
                  onChange={(event) =>
                    setCounts({
                      ...counts,
                      [line.productId]: {
                        ...(counts[line.productId] as Record<ReceiveOutcome, string>),
                        [outcome]: event.target.value,
                      },
                    })
                  }
                />
              </label>
            ))}
          </div>
        ))}
        {error && (
          <span id={`${id}-error`} role="alert" className="text-xs text-error">
            {error}
          </span>
        )}
      </fieldset>
      <button
        type="submit"
        className="btn btn-primary btn-sm self-start"
        disabled={decide.isPending}
      >
        Record receipt
      </button>
    </form>
  );
}
