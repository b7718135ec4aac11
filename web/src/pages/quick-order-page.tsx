import { vehicleLabel } from '@proper-parts/domain/fitment-rules';
import { formatCount, formatPrice } from '@proper-parts/domain/format';
import type { QuickOrderLine } from '@proper-parts/domain/quick-order';
import { MAX_QUICK_ORDER_TEXT_BYTES } from '@proper-parts/domain/quick-order-messages';
import { parseQuickOrder } from '@proper-parts/domain/quick-order-parse';
import { quickOrderTextProblem } from '@proper-parts/domain/quick-order-text';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../components/busy-button';
import { FormAlert } from '../components/form-alert';
import { PageHeader } from '../components/page-header';
import { paths } from '../config/paths';
import { useGarage } from '../features/fitment/use-garage';
import { useQuickOrder } from '../features/quick-order/api/quick-order';
import {
  type LineFix,
  QuickOrderResults,
} from '../features/quick-order/components/quick-order-results';
import { rewriteLine } from '../features/quick-order/rewrite-line';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

export const quickOrderPageMessages = {
  empty: 'Paste at least one line with a part number, or choose a CSV file.',
  fileTooLarge: `This file is larger than ${MAX_QUICK_ORDER_TEXT_BYTES / 1024 / 1024} MB: split it and send the parts one after the other.`,
  fileUnreadable:
    'This file could not be read. Save it as CSV (comma or semicolon separated) and try again.',
  changed: 'You changed the list since it was checked: check the lines again before adding them.',
} as const;

const PLACEHOLDER = ['BRG-6204-2RS 10', 'GEAR-M2-40T,5', 'VALVE-DN25\t2'].join('\n');

/** Why `text` cannot be sent as it is (empty, too large, too many lines); else null. */
function textProblem(text: string): string | null {
  const problem = quickOrderTextProblem(text);
  if (problem) return problem;
  return parseQuickOrder(text).length === 0 ? quickOrderPageMessages.empty : null;
}

/** A file's text as UTF-8 (FileReader rather than `Blob.text()`, which jsdom lacks). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** The lines as checked, what the ready ones cost, and the vehicle (its label) checked against. */
type Checked = { text: string; lines: QuickOrderLine[]; total: number; vehicle: string | null };

export function QuickOrderPage() {
  usePageTitle('Quick order');
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [addedMessage, setAddedMessage] = useState<string | null>(null);
  const check = useQuickOrder();
  const add = useQuickOrder();
  const textId = useId();
  const hintId = useId();
  const errorId = useId();
  const fileId = useId();
  // Issue 20: with a current vehicle, each line says whether its part fits it.
  const { current } = useGarage();
  const vehicle = current ? { id: current.id, label: vehicleLabel(current) } : null;

  const runCheck = (value: string) => {
    setAddedMessage(null);
    add.reset();
    const problem = textProblem(value);
    setFieldError(problem);
    if (problem) return;
    check.mutate(
      { text: value, add: false, vehicle: vehicle?.id },
      {
        onSuccess: ({ lines, total }) =>
          setChecked({ text: value, lines, total, vehicle: vehicle?.label ?? null }),
        onError: (error) => setFieldError(error.message),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    runCheck(text);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // The same file can be chosen again after it is edited.
    input.value = '';
    if (!file) return;
    if (file.size > MAX_QUICK_ORDER_TEXT_BYTES) {
      setFieldError(quickOrderPageMessages.fileTooLarge);
      return;
    }
    let content: string;
    try {
      content = (await readText(file)).replace(/^\uFEFF/, '');
    } catch {
      setFieldError(quickOrderPageMessages.fileUnreadable);
      return;
    }
    setText(content);
    runCheck(content);
  };

  const onFix = (fix: LineFix) => {
    if (!checked) return;
    // Line numbers are the checked text's: rewrite that one, not edits made since.
    const next = rewriteLine(checked.text, fix.line, fix);
    setText(next);
    runCheck(next);
  };

  const addAll = () => {
    if (!checked) return;
    const { text: sent, vehicle: checkedFor } = checked;
    add.mutate(
      { text: sent, add: true, vehicle: vehicle?.id },
      {
        onSuccess: ({ lines, total, message }) => {
          setChecked({ text: sent, lines, total, vehicle: checkedFor });
          const said = message ?? 'Added to your cart';
          setAddedMessage(said);
          toast.success(said);
        },
      },
    );
  };

  const lines = checked?.lines ?? [];
  const ready = lines.filter((line) => line.status === 'ok').length;
  const misfits = lines.filter((line) => line.fits === false).length;
  const stale = checked !== null && checked.text !== text;
  const busy = check.isPending || add.isPending;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <PageHeader
        title="Quick order"
        description="Paste part numbers with quantities, one part a line, or upload a CSV file. Each line is matched to a part before anything goes into your cart."
      />

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={textId} className="text-sm font-medium">
            Part numbers and quantities
          </label>
          <p id={hintId} className="text-sm text-base-content/70">
            One part a line: <code>SKU qty</code>, <code>SKU,qty</code>, or two columns copied from
            Excel. Without a quantity, the part's minimum order is used.
          </p>
          <textarea
            id={textId}
            className={`textarea w-full font-mono text-sm ${fieldError ? 'textarea-error' : ''}`}
            rows={8}
            spellCheck={false}
            placeholder={PLACEHOLDER}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
          />
          {fieldError && (
            <p id={errorId} className="text-sm text-error">
              {fieldError}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-medium">
            Or upload a CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
            className="file-input w-full max-w-md"
            onChange={onFile}
          />
        </div>

        <div className="flex flex-col gap-2 sm:flex-row">
          <BusyButton busy={check.isPending} className="btn-primary sm:w-auto">
            Check lines
          </BusyButton>
          {(text || checked) && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => {
                setText('');
                setChecked(null);
                setFieldError(null);
                setAddedMessage(null);
              }}
            >
              Clear
            </button>
          )}
        </div>
      </form>

      <section aria-labelledby="quick-order-results" className="mt-10">
        <h2 id="quick-order-results" className={checked ? 'mb-2 text-xl font-semibold' : 'sr-only'}>
          Checked lines
        </h2>
        <p role="status" aria-live="polite" className="mb-4 font-medium">
          {checked &&
            `${formatCount(ready)} of ${formatCount(lines.length)} ${lines.length === 1 ? 'line' : 'lines'} ready`}
          {checked?.vehicle &&
            misfits > 0 &&
            ` · ${formatCount(misfits)} ${misfits === 1 ? 'does' : 'do'} not fit your ${checked.vehicle}`}
        </p>
        {checked && (
          <>
            {checked.vehicle && (
              <p className="mb-3 text-sm text-base-content/70">
                Checked against your {checked.vehicle} (
                <Link to={paths.garage} className="link">
                  change it in My garage
                </Link>
                ).
              </p>
            )}
            <QuickOrderResults lines={lines} onFix={onFix} busy={busy} vehicle={checked.vehicle} />
            <p className="mt-4 flex flex-wrap items-baseline justify-end gap-x-3 text-lg font-bold">
              <span>
                Total of the {formatCount(ready)} ready {ready === 1 ? 'line' : 'lines'}
              </span>
              <span data-testid="quick-order-total">{formatPrice(checked.total)}</span>
            </p>
            <p className="text-right text-xs text-base-content/70">
              At your price for each quantity. Freight and tax are computed at checkout.
            </p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
              <button
                type="button"
                className="btn btn-primary"
                disabled={add.isPending || ready === 0 || stale || addedMessage !== null}
                aria-busy={add.isPending || undefined}
                onClick={addAll}
              >
                {add.isPending && (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                )}
                Add all valid lines to the cart
              </button>
              {addedMessage && (
                <Link to={paths.cart} className="btn btn-outline">
                  Go to cart
                </Link>
              )}
            </div>
            {stale && (
              <p className="alert alert-warning alert-soft mt-3 text-sm">
                {quickOrderPageMessages.changed}
              </p>
            )}
            <FormAlert message={add.error?.message} className="mt-2 text-left" />
          </>
        )}
      </section>
    </div>
  );
}
