import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddressRequest,
  addressRequest,
  type CompanyAddress,
} from '@proper-parts/domain/companies';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
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
        <p className="break-words whitespace-pre-line text-base-content/70">{address.address}</p>
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

function AddAddressForm() {
  const add = useAddAddress();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddressRequest>({
    resolver: zodResolver(addressRequest),
    defaultValues: { label: '', address: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success(`${values.label} added`);
      reset();
    } catch {
      // add.error shows under the form.
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add an address"
      className="mt-4 grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
    >
      <FormField
        label="Label"
        placeholder="Warehouse"
        error={errors.label?.message}
        {...register('label')}
      />
      <FormField
        label="Address"
        placeholder="5 Dock Street, Hull HU1 1AA"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="sm:pt-7">
        <BusyButton busy={isSubmitting} className="btn-outline sm:w-auto">
          Add address
        </BusyButton>
      </div>
      <FormAlert message={add.error?.message} className="sm:col-span-3" />
    </form>
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
