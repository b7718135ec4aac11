import { zodResolver } from '@hookform/resolvers/zod';
import { type PartNumber, partNumberItem } from '@proper-parts/domain/part-numbers';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useDeletePartNumbers } from '../api/delete-part-numbers';
import { usePartNumbers } from '../api/get-part-numbers';
import { useSetPartNumbers } from '../api/set-part-numbers';
import { PartNumbersCsvPanel } from './part-numbers-csv-panel';

type Item = z.output<typeof partNumberItem>;

/** Sets one number by `PUT`; a refused item's reason is the error (it names its field). */
function useSetOne() {
  const set = useSetPartNumbers();
  const save = async (item: Item) => {
    const [result] = (await set.mutateAsync({ items: [item] })).results;
    if (result?.status === 'rejected') throw new Error(result.message ?? 'Not saved');
    return result;
  };
  return { save, isPending: set.isPending };
}

/** The add form, or a row's edit form (`editing`: its SKU stays). */
function PartNumberForm({ editing, onDone }: { editing?: PartNumber; onDone?: () => void }) {
  const { save } = useSetOne();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof partNumberItem>, unknown, Item>({
    resolver: zodResolver(partNumberItem),
    mode: 'onTouched',
    defaultValues: {
      sku: editing?.sku ?? '',
      customerPartNumber: editing?.customerPartNumber ?? '',
    },
  });
  const submit = handleSubmit(async (item) => {
    setError(undefined);
    try {
      const result = await save(item);
      toast.success(
        result?.status === 'unchanged'
          ? 'Nothing changed'
          : `${item.customerPartNumber} saved for ${item.sku}`,
      );
      if (editing) onDone?.();
      else reset();
    } catch (caught) {
      setError((caught as Error).message);
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={editing ? `Edit the number of ${editing.sku}` : 'Add a part number'}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <FormField
        label="Our SKU"
        placeholder="BRG-6204-2RS"
        readOnly={Boolean(editing)}
        error={errors.sku?.message}
        {...register('sku')}
      />
      <FormField
        label="Your part number"
        placeholder="ACME-000123"
        autoFocus={Boolean(editing)}
        error={errors.customerPartNumber?.message}
        {...register('customerPartNumber')}
      />
      <div className="flex gap-2 sm:mt-7">
        <BusyButton busy={isSubmitting} className="btn-primary sm:w-auto">
          {editing ? 'Save' : 'Add'}
        </BusyButton>
        {editing && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      <div className="sm:col-span-3">
        <FormAlert message={error} />
      </div>
    </form>
  );
}

function PartNumberRow({ entry }: { entry: PartNumber }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeletePartNumbers();
  if (editing)
    return (
      <li className="rounded-box border border-base-300 bg-base-100 p-3">
        <PartNumberForm editing={entry} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-3"
      data-testid="part-number"
    >
      <div className="min-w-0 text-sm">
        <p className="font-mono font-semibold break-all">{entry.customerPartNumber}</p>
        <p className="break-words text-base-content/70">
          <span className="font-mono">{entry.sku}</span> · {entry.name}
        </p>
      </div>
      <div className="flex gap-1">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label={`Edit ${entry.customerPartNumber}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost text-error"
          aria-label={`Delete ${entry.customerPartNumber}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { ids: [entry._id] },
              {
                onSuccess: () => toast.success(`${entry.customerPartNumber} deleted`),
                onError: (error) => toast.error(error.message),
              },
            )
          }
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/**
 * Issue 35: the company's own part numbers, for its admin: find one by number or SKU, add, edit
 * or delete one, or import a CSV of them. Its buyers then quick-order and search by them.
 */
export function PartNumbersSection() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const { data, isPending, isError, error, hasNextPage, fetchNextPage } = usePartNumbers(q);
  const entries = data?.pages.flatMap((page) => page.partNumbers) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-2xl text-sm text-base-content/70">
        Your company&apos;s own numbers for our parts. Your buyers can type them in quick order and
        search, and they are printed beside our SKU in the cart, on orders, invoices and packing
        slips. Only your company sees them.
      </p>
      <PartNumberForm />
      <div>
        <FormField
          label="Find a part number"
          type="search"
          placeholder="Your number or our SKU"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {isPending ? null : isError ? (
          <p role="alert" className="mt-3 text-sm text-error">
            {error.message}
          </p>
        ) : entries.length === 0 ? (
          <p className="mt-3 text-sm text-base-content/70">
            {q ? `No part number matches “${q}”.` : 'No part numbers yet.'}
          </p>
        ) : (
          <ul className="mt-3 grid gap-2 md:grid-cols-2" aria-label="Part numbers">
            {entries.map((entry) => (
              <PartNumberRow key={entry._id} entry={entry} />
            ))}
          </ul>
        )}
        {hasNextPage && (
          <button
            type="button"
            className="btn btn-sm btn-ghost mt-2"
            onClick={() => fetchNextPage()}
          >
            Load more
          </button>
        )}
      </div>
      <PartNumbersCsvPanel />
    </div>
  );
}
