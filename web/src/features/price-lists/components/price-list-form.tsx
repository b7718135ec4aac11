import { zodResolver } from '@hookform/resolvers/zod';
import type { PriceListSettingsRequest, PriceListSummary } from '@proper-parts/domain/price-lists';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useCompanies } from '../../accounts/api/get-companies';
import { LoadMore } from '../../accounts/components/load-more';
import { useCreatePriceList, useUpdatePriceList } from '../api/save-price-list';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form's fields as typed; the request is made from them (days become UTC midnights). */
const priceListForm = z
  .object({
    name: z.string().trim().min(1, 'Give the list a name').max(200, 'At most 200 characters'),
    priority: z
      .string()
      .trim()
      .regex(/^-?\d{1,7}$/, 'A whole number, e.g. 10 (the higher wins)'),
    validFrom: z.string().refine((v) => v === '' || DAY.test(v), 'A date'),
    validTo: z.string().refine((v) => v === '' || DAY.test(v), 'A date'),
    // One checkbox alone reads as its value or false, not as a list (react-hook-form).
    companyIds: z.preprocess(
      (v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []),
      z.array(z.string()),
    ),
  })
  .refine((v) => !v.validFrom || !v.validTo || v.validTo > v.validFrom, {
    message: 'Must be after the first day',
    path: ['validTo'],
  });
type PriceListFormInput = z.input<typeof priceListForm>;
type PriceListFormValues = z.output<typeof priceListForm>;

const dayOf = (at: string | null) => (at ? at.slice(0, 10) : '');
const atOf = (day: string) => (day ? `${day}T00:00:00.000Z` : null);

function requestOf(values: PriceListFormValues): PriceListSettingsRequest {
  return {
    name: values.name.trim(),
    priority: Number(values.priority),
    validFrom: atOf(values.validFrom),
    validTo: atOf(values.validTo),
    companyIds: values.companyIds,
  };
}

interface PriceListFormProps {
  /** The list edited; none: a new one. */
  list?: PriceListSummary;
  /** After a save: the list's id. */
  onSaved: (id: string) => void;
  onCancel: () => void;
}

/**
 * Shop admin (issue 35): a price list's settings, new or edited: its name, priority, the days it
 * applies and the companies on it. Its prices come by CSV (the panel under the table).
 */
export function PriceListForm({ list, onSaved, onCancel }: PriceListFormProps) {
  const create = useCreatePriceList();
  const update = useUpdatePriceList(list?.id ?? '');
  const mutation = list ? update : create;
  const companies = useCompanies();
  const choices = companies.data?.pages.flatMap((page) => page.companies) ?? [];
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PriceListFormInput, unknown, PriceListFormValues>({
    resolver: zodResolver(priceListForm),
    defaultValues: {
      name: list?.name ?? '',
      priority: String(list?.priority ?? 0),
      validFrom: dayOf(list?.validFrom ?? null),
      validTo: dayOf(list?.validTo ?? null),
      companyIds: list?.companyIds ?? [],
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { data, message } = await mutation.mutateAsync(requestOf(values));
      toast.success(message ?? 'Price list saved');
      onSaved(data.id);
    } catch {
      // mutation.error shows under the form.
    }
  });

  const title = list ? `Edit ${list.name}` : 'New price list';
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={title}
      className="mb-6 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 className="font-semibold">{title}</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Name" error={errors.name?.message} {...register('name')} />
        <FormField
          label="Priority"
          inputMode="numeric"
          hint="Among a company's active lists, the highest priority wins"
          error={errors.priority?.message}
          {...register('priority')}
        />
        <FormField
          label="First day (optional)"
          type="date"
          error={errors.validFrom?.message}
          {...register('validFrom')}
        />
        <FormField
          label="Last day, not included (optional)"
          type="date"
          error={errors.validTo?.message}
          {...register('validTo')}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Companies on this list</legend>
        {companies.isPending ? (
          <p className="text-sm text-base-content/70">Loading companies…</p>
        ) : choices.length === 0 ? (
          <p className="text-sm text-base-content/70">
            No companies yet: a list applies once a company is on it.
          </p>
        ) : (
          <div className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
            {choices.map((company) => (
              <label key={company._id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  value={company._id}
                  {...register('companyIds')}
                />
                {company.name}
              </label>
            ))}
          </div>
        )}
        <LoadMore
          hasMore={companies.hasNextPage}
          busy={companies.isFetchingNextPage}
          onLoad={() => companies.fetchNextPage()}
        />
      </fieldset>
      <FormAlert message={mutation.error?.message} />
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={mutation.isPending} className="btn-primary sm:w-auto">
          {list ? 'Save' : 'Create list'}
        </BusyButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
