import { zodResolver } from '@hookform/resolvers/zod';
import { addressLines, addressText, structuredAddress } from '@proper-parts/domain/addresses';
import { addressRequest, type CompanyAddress } from '@proper-parts/domain/companies';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { AddressFields, emptyAddress } from '../../addresses/components/address-fields';
import { useAddAddress } from '../api/add-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';

function AddressRow({ address, canManage }: { address: CompanyAddress; canManage: boolean }) {
  const remove = useDeleteAddress();
  return (
    <li
      className="flex items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-3"
      data-testid="address"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words">{address.label}</p>
        <p className="break-words whitespace-pre-line text-base-content/70">
          {address.shipTo ? addressLines(address.shipTo).join('\n') : address.address}
        </p>
      </div>
      {canManage && (
        <button
          type="button"
          className="btn btn-sm btn-ghost text-error"
          aria-label={`Delete ${address.label}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(address._id, {
              onSuccess: () => toast.success(`${address.label} deleted`),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Delete
        </button>
      )}
    </li>
  );
}

/** Issue 33: an entry of the book is a structured address (its text made from it). */
const addressForm = addressRequest.pick({ label: true }).extend({ shipTo: structuredAddress });

function AddAddressForm() {
  const add = useAddAddress();
  const form = useForm<z.input<typeof addressForm>, unknown, z.output<typeof addressForm>>({
    resolver: zodResolver(addressForm),
    mode: 'onTouched',
    defaultValues: { label: '', shipTo: emptyAddress() },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const submit = handleSubmit(async ({ label, shipTo }) => {
    try {
      await add.mutateAsync({ label, address: addressText(shipTo), shipTo });
      toast.success(`${label} added`);
      reset();
    } catch {
      // add.error shows under the form.
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Add an address"
        className="mt-4 flex max-w-xl flex-col gap-4"
      >
        <FormField
          label="Label"
          placeholder="Warehouse"
          error={errors.label?.message}
          {...register('label')}
        />
        <AddressFields name="shipTo" />
        <BusyButton busy={isSubmitting} className="btn-outline sm:w-auto sm:self-start">
          Add address
        </BusyButton>
        <FormAlert message={add.error?.message} />
      </form>
    </FormProvider>
  );
}

/** The company's shipping addresses: every member reads them, its admins keep them. */
export function AddressBook({ canManage }: { canManage: boolean }) {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage } = useAddresses();
  const addresses = data?.pages.flatMap((page) => page.addresses) ?? [];
  return (
    <div>
      {isPending ? null : isError ? (
        <p role="alert" className="text-sm text-error">
          {error.message}
        </p>
      ) : addresses.length === 0 ? (
        <p className="text-sm text-base-content/70">No shipping address yet.</p>
      ) : (
        <ul className="grid gap-2 md:grid-cols-2" aria-label="Shipping addresses">
          {addresses.map((address) => (
            <AddressRow key={address._id} address={address} canManage={canManage} />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <button type="button" className="btn btn-sm btn-ghost mt-2" onClick={() => fetchNextPage()}>
          Load more
        </button>
      )}
      {canManage && <AddAddressForm />}
    </div>
  );
}
