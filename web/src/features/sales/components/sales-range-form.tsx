import { addDays } from '@proper-parts/domain/days';
import { SALES_INTERVALS, type SalesInterval, salesQuery } from '@proper-parts/domain/sales';
import type { FormEvent } from 'react';
import { FormField, SelectField } from '../../../components/form-field';
import type { SalesRange } from '../api/get-sales';

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the reader's calendar (the shop's days may start a few hours apart). */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** The range a visit without one shows: the last 30 days, day by day. */
export const defaultSalesRange = (today = localToday()): SalesRange => ({
  from: addDays(today, -29),
  to: today,
  interval: 'day',
});

const intervalNames: Record<SalesInterval, string> = {
  day: 'Day',
  week: 'Week (from Monday)',
  month: 'Month',
};

/** What the server would refuse about a range, by field (the API's own schema). */
export function salesRangeProblems(range: Record<keyof SalesRange, string>) {
  const parsed = salesQuery.safeParse(range);
  const problems: Partial<Record<keyof SalesRange, string>> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SalesRange;
    problems[field] ??= issue.message;
  }
  return problems;
}

/** The first day of the month `months` before `day`'s. */
function firstOfMonthBefore(day: string, months: number) {
  const [year = 0, month = 1] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

const presets = (today: string): [string, SalesRange][] => [
  ['Last 7 days', { from: addDays(today, -6), to: today, interval: 'day' }],
  ['Last 30 days', defaultSalesRange(today)],
  ['Last 12 weeks', { from: addDays(today, -83), to: today, interval: 'week' }],
  ['Last 12 months', { from: firstOfMonthBefore(today, 11), to: today, interval: 'month' }],
];

/**
 * The dashboard's range: two days and a bucket size, or a preset. Applying sets the page's URL
 * (`?from=…&to=…&interval=…`), so a range can be shared and the back button undoes it. A range the
 * server would refuse is marked under its field and not applied.
 */
export function SalesRangeForm({
  range,
  problems,
  onApply,
}: {
  /** As the URL has it, possibly wrong (then `problems` says how). */
  range: Record<keyof SalesRange, string>;
  problems: Partial<Record<keyof SalesRange, string>>;
  onApply: (range: Record<keyof SalesRange, string>) => void;
}) {
  const today = localToday();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply({
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
      interval: String(form.get('interval') ?? 'day'),
    });
  };
  return (
    <form
      key={JSON.stringify(range)}
      aria-label="Choose the range"
      noValidate
      className="mb-6 rounded-box border border-base-300 bg-base-100 p-4"
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          label="From"
          name="from"
          type="date"
          defaultValue={range.from}
          error={problems.from}
        />
        <FormField
          label="To (included)"
          name="to"
          type="date"
          defaultValue={range.to}
          error={problems.to}
        />
        <SelectField
          label="Revenue per"
          name="interval"
          defaultValue={range.interval}
          error={problems.interval}
        >
          {SALES_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {intervalNames[interval]}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end">
          <button type="submit" className="btn btn-primary w-full sm:w-auto">
            Show
          </button>
        </div>
      </div>
      <fieldset className="mt-3 flex flex-wrap items-center gap-2">
        <legend className="sr-only">Presets</legend>
        {presets(today).map(([name, preset]) => (
          <button
            key={name}
            type="button"
            className="btn btn-ghost btn-xs border border-base-300"
            onClick={() => onApply({ ...preset })}
          >
            {name}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
