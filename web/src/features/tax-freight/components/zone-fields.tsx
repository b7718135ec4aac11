import { type FieldErrors, useFieldArray, useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { fieldError } from '../../addresses/components/address-fields';
import { ListItemActions, ListItemFieldset } from './list-item-actions';
import { emptyBand, emptyZone, type ShippingMethodsForm } from './shipping-methods-schema';

/** A list's own message (`bands: at least one weight band`), wherever the resolver put it. */
const listError = (errors: FieldErrors, path: string) =>
  fieldError(errors, `${path}.root`) ?? fieldError(errors, path);

/**
 * Issue 33: where a rates method ships and what it costs there: zones of countries (ISO codes),
 * optionally narrowed to regions of the zone's one country, each priced by weight bands (up to
 * a weight in kg, a price in dollars), the lightest band first.
 */
export function ZonesFields({ method }: { method: number }) {
  const { control, formState } = useFormContext<ShippingMethodsForm>();
  const zones = useFieldArray({ control, name: `methods.${method}.zones` });
  const path = `methods.${method}.zones`;
  return (
    <div className="flex flex-col gap-3">
      <h4 className="text-sm font-semibold">Zones</h4>
      {zones.fields.length === 0 && (
        <p className="text-sm text-base-content/70">No zone: this method ships nowhere.</p>
      )}
      {zones.fields.map((zone, z) => (
        <ListItemFieldset
          key={zone.id}
          legend={`Zone ${z + 1}`}
          className="bg-base-200/40"
          what={`zone ${z + 1}`}
          index={z}
          count={zones.fields.length}
          onMove={zones.move}
          onRemove={() => zones.remove(z)}
        >
          <ZoneFields method={method} zone={z} />
        </ListItemFieldset>
      ))}
      <FieldListError message={listError(formState.errors, path)} />
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        onClick={() => zones.append(emptyZone())}
      >
        Add a zone
      </button>
    </div>
  );
}

function ZoneFields({ method, zone }: { method: number; zone: number }) {
  const { control, register, formState } = useFormContext<ShippingMethodsForm>();
  const path = `methods.${method}.zones.${zone}` as const;
  const bands = useFieldArray({ control, name: `${path}.bands` });
  const error = (field: string) => fieldError(formState.errors, `${path}.${field}`);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Countries"
          hint="ISO codes, e.g. US, CA"
          autoCapitalize="characters"
          error={error('countries')}
          {...register(`${path}.countries`)}
        />
        <FormField
          label="Regions (optional)"
          hint="Of the zone's one country, e.g. TX, Alaska; none: the whole country"
          error={error('regions')}
          {...register(`${path}.regions`)}
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Weight bands</legend>
        <ol className="flex flex-col gap-2" aria-label={`Weight bands of zone ${zone + 1}`}>
          {bands.fields.map((band, b) => (
            <li
              key={band.id}
              className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_1fr_auto]"
            >
              <FormField
                label="Up to (kg)"
                inputMode="decimal"
                error={error(`bands.${b}.upToKg`)}
                {...register(`${path}.bands.${b}.upToKg`)}
              />
              <FormField
                label="Price ($)"
                inputMode="decimal"
                error={error(`bands.${b}.price`)}
                {...register(`${path}.bands.${b}.price`)}
              />
              <div className="col-span-2 flex justify-end sm:col-span-1 sm:mt-[1.625rem]">
                <ListItemActions
                  what={`band ${b + 1} of zone ${zone + 1}`}
                  index={b}
                  count={bands.fields.length}
                  onMove={bands.move}
                  onRemove={() => bands.remove(b)}
                />
              </div>
            </li>
          ))}
        </ol>
        <FieldListError message={listError(formState.errors, `${path}.bands`)} />
        <button
          type="button"
          className="btn btn-ghost btn-sm self-start"
          onClick={() => bands.append(emptyBand())}
        >
          Add a weight band
        </button>
      </fieldset>
    </>
  );
}

/** A list's message, in red under the list, as a field's is under the field. */
export const FieldListError = ({ message }: { message?: string }) =>
  message ? <p className="text-sm text-error">{message}</p> : null;
