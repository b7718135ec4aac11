import {
  countryOptions,
  REGION_REQUIRED,
  regionsOf,
  type StructuredAddressInput,
} from '@proper-parts/domain/addresses';
import { useEffect } from 'react';
import { type FieldErrors, get, useFormContext, useWatch } from 'react-hook-form';
import { FormField, SelectField } from '../../../components/form-field';

/** Every field of a structured address, empty, in a country (the shop's by default). */
export const emptyAddress = (country = 'US'): Required<StructuredAddressInput> => ({
  name: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country,
  phone: '',
});

/** The countries by name, once per page load (about 250). */
let countries: { code: string; name: string }[] | undefined;
const countryList = () => {
  countries ??= countryOptions().sort((a, b) => a.name.localeCompare(b.name));
  return countries;
};

/** What the regions of a country are called on its labels. */
const regionLabel = (country: string) =>
  country === 'US' || country === 'AU' ? 'State' : country === 'CA' ? 'Province' : 'State / region';

/**
 * Issue 33: a structured address (name, company, lines 1-2, city, region, postal code, country,
 * phone) inside a react-hook-form `FormProvider`, its fields under `name` (`shipTo.city`...). The
 * form's schema checks it with the domain's `structuredAddress`; each problem shows in red under
 * its field. Regions are a select where the country has a list of them (US states, German
 * Länder...), else free text; a change of country empties the region.
 */
export function AddressFields({
  name,
  section = 'shipping',
  legend,
}: {
  /** Where the address sits in the form's values: `shipTo`, `billingTo`. */
  name: string;
  /** The autocomplete section, so a browser fills shipping and billing apart. */
  section?: 'shipping' | 'billing';
  legend?: string;
}) {
  const { register, control, setValue, getValues, formState } = useFormContext();
  const country: string = useWatch({ control, name: `${name}.country` }) ?? '';
  const regions = regionsOf(country);
  const error = (field: string) => fieldError(formState.errors, `${name}.${field}`);
  const path = (field: keyof StructuredAddressInput) => `${name}.${field}`;
  const auto = (token: string) => `${section} ${token}`;

  // A country's regions are not another's: on a change of country, a region it lacks is emptied
  // (read when the country has changed: a prefill sets both at once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of country only
  useEffect(() => {
    const region: string = getValues(`${name}.region`) ?? '';
    if (region && regions.length > 0 && !regions.some((r) => r.code === region))
      setValue(`${name}.region`, '', { shouldDirty: true });
  }, [country]);

  const regionRequired = REGION_REQUIRED.has(country);
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" data-testid={`${name}-fields`}>
      {legend && <legend className="mb-1 text-base font-semibold sm:col-span-2">{legend}</legend>}
      <FormField
        label="Name"
        autoComplete={auto('name')}
        error={error('name')}
        {...register(path('name'))}
      />
      <FormField
        label="Company (optional)"
        autoComplete={auto('organization')}
        error={error('company')}
        {...register(path('company'))}
      />
      <div className="sm:col-span-2">
        <SelectField
          label="Country"
          autoComplete={auto('country')}
          error={error('country')}
          {...register(path('country'))}
        >
          <option value="">Choose a country…</option>
          {countryList().map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="sm:col-span-2">
        <FormField
          label="Address line 1"
          autoComplete={auto('address-line1')}
          error={error('line1')}
          {...register(path('line1'))}
        />
      </div>
      <div className="sm:col-span-2">
        <FormField
          label="Address line 2 (optional)"
          autoComplete={auto('address-line2')}
          error={error('line2')}
          {...register(path('line2'))}
        />
      </div>
      <FormField
        label="City"
        autoComplete={auto('address-level2')}
        error={error('city')}
        {...register(path('city'))}
      />
      {/* Remounted with the country: its options are there when the form's value is put in. */}
      {regions.length > 0 ? (
        <SelectField
          key={country}
          label={regionRequired ? regionLabel(country) : `${regionLabel(country)} (optional)`}
          autoComplete={auto('address-level1')}
          error={error('region')}
          {...register(path('region'))}
        >
          <option value="">Choose…</option>
          {regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <FormField
          label={`${regionLabel(country)} (optional)`}
          autoComplete={auto('address-level1')}
          error={error('region')}
          {...register(path('region'))}
        />
      )}
      <FormField
        label="Postal code"
        autoComplete={auto('postal-code')}
        error={error('postalCode')}
        {...register(path('postalCode'))}
      />
      <FormField
        label="Phone"
        type="tel"
        autoComplete={auto('tel')}
        error={error('phone')}
        {...register(path('phone'))}
      />
    </fieldset>
  );
}

/** The message of a nested field's error (`shipTo.postalCode`), if any. */
export function fieldError(errors: FieldErrors, path: string): string | undefined {
  const found = get(errors, path) as { message?: unknown } | undefined;
  return typeof found?.message === 'string' ? found.message : undefined;
}
