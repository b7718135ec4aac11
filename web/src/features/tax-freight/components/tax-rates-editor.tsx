import { zodResolver } from '@hookform/resolvers/zod';
import { regionsOf } from '@proper-parts/domain/addresses';
import { type TaxRate, type TaxRatesRequest, taxRatesRequest } from '@proper-parts/domain/tax';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField, SelectField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { fieldError } from '../../addresses/components/address-fields';
import { useImportTaxRates, useSaveTaxRates } from '../api/tax-freight';

type Input = z.input<typeof taxRatesRequest>;
const states = regionsOf('US');

/**
 * Issue 33: the US sales-tax table, one row per state (rate in percent, freight taxed or not),
 * each problem in red under its field, saved whole; a state not listed is not taxed. Or a CSV
 * imported over it (upserted by state).
 */
export function TaxRatesEditor({ rates }: { rates: TaxRate[] }) {
  const save = useSaveTaxRates();
  const importCsv = useImportTaxRates();
  const form = useForm<Input, unknown, TaxRatesRequest>({
    resolver: zodResolver(taxRatesRequest),
    values: { rates },
    resetOptions: { keepDirtyValues: false },
  });
  const { register, control, handleSubmit, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'rates' });
  const error = (path: string) => fieldError(formState.errors, path);
  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      toast.success(`${saved.rates.length} tax rates saved`);
    } catch {
      // Under the form.
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Sales tax rates" className="flex flex-col gap-3">
      <ol aria-label="Tax rates" className="flex flex-col gap-3">
        {fields.map((field, i) => (
          <li key={field.id}>
            <fieldset className="grid grid-cols-2 items-start gap-3 rounded-box border border-base-300 p-3 md:grid-cols-[12rem_minmax(0,1fr)_8rem_auto_auto] md:border-0 md:p-0">
              <legend className="sr-only">Tax rate {i + 1}</legend>
              <input type="hidden" value="US" {...register(`rates.${i}.country`)} />
              <div className="col-span-2 md:col-span-1">
                <SelectField
                  label="State"
                  error={error(`rates.${i}.region`)}
                  {...register(`rates.${i}.region`)}
                >
                  {states.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </SelectField>
              </div>
              <div className="col-span-2 md:col-span-1">
                <FormField
                  label="Name on invoices"
                  error={error(`rates.${i}.name`)}
                  {...register(`rates.${i}.name`)}
                />
              </div>
              <FormField
                label="Rate (%)"
                type="number"
                inputMode="decimal"
                step="0.0001"
                min={0}
                error={error(`rates.${i}.rate`)}
                {...register(`rates.${i}.rate`, { valueAsNumber: true })}
              />
              <label className="mt-9 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  {...register(`rates.${i}.freightTaxable`)}
                />
                Freight taxed
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-sm col-span-2 justify-self-end text-error md:col-span-1 md:mt-[1.875rem]"
                aria-label={`Remove tax rate ${i + 1}`}
                onClick={() => remove(i)}
              >
                Remove
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {fields.length === 0 && (
        <p className="text-sm text-base-content/70">
          No state is taxed: the shop collects no sales tax.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            append({ country: 'US', region: 'AL', name: '', rate: 0, freightTaxable: false })
          }
        >
          Add a state
        </button>
        <BusyButton busy={save.isPending} className="btn-primary btn-sm sm:w-auto">
          Save tax rates
        </BusyButton>
        <label className="btn btn-ghost btn-sm">
          Import CSV…
          <input
            type="file"
            accept=".csv,text/csv"
            className="hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file)
                importCsv.mutate(file, {
                  onSuccess: (data) => toast.success(`${data.rates.length} rates in the table`),
                });
            }}
          />
        </label>
      </div>
      <p className="text-xs text-base-content/60">
        CSV columns: country, region, name, rate, freightTaxable (e.g. US,TX,Texas sales
        tax,6.25,true); rows are added or replaced by state.
      </p>
      <FormAlert message={save.error?.message ?? importCsv.error?.message} />
    </form>
  );
}
