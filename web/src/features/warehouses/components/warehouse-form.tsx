import type { Warehouse } from '@proper-parts/domain/warehouses';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useCreateWarehouse } from '../api/warehouses';

/** "all", or country codes separated by commas or spaces. */
const zoneOf = (text: string) =>
  text.trim().toLowerCase() === 'all' ? ('all' as const) : text.split(/[\s,]+/).filter(Boolean);

export const zoneText = (w: Warehouse) =>
  w.shipsTo === 'all' ? 'Everywhere' : w.shipsTo.join(', ');

/** Issue 36: adds a warehouse (name, public name, address, country, zone). */
export function WarehouseForm() {
  const create = useCreateWarehouse();
  const [fields, setFields] = useState({
    name: '',
    publicName: '',
    line1: '',
    city: '',
    postalCode: '',
    country: '',
    shipsTo: 'all',
  });
  const [error, setError] = useState('');
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [name]: event.target.value });
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError('');
        create.mutate(
          { ...fields, shipsTo: zoneOf(fields.shipsTo) },
          {
            onSuccess: ({ message }) => {
              toast.success(message ?? 'Warehouse added');
              setFields({
                name: '',
                publicName: '',
                line1: '',
                city: '',
                postalCode: '',
                country: '',
                shipsTo: 'all',
              });
            },
            onError: (failure) => setError(failure.message),
          },
        );
      }}
    >
      <FormField label="Name" value={fields.name} onChange={set('name')} required />
      <FormField
        label="Public name"
        hint="What buyers read: “12 in Leeds”"
        value={fields.publicName}
        onChange={set('publicName')}
        required
      />
      <FormField label="Street" value={fields.line1} onChange={set('line1')} />
      <FormField label="City" value={fields.city} onChange={set('city')} />
      <FormField label="Postal code" value={fields.postalCode} onChange={set('postalCode')} />
      <FormField
        label="Country"
        hint="ISO code, like GB or NL"
        value={fields.country}
        onChange={set('country')}
        maxLength={2}
        required
      />
      <FormField
        label="Ships to"
        hint="all, or country codes: GB, IE"
        value={fields.shipsTo}
        onChange={set('shipsTo')}
      />
      <div className="flex items-end">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Add warehouse
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-error sm:col-span-2">
          {error}
        </p>
      )}
    </form>
  );
}
