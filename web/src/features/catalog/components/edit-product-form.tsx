import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatAttributes,
  formatCrossReferences,
  parseAttributes,
  parseCrossReferences,
  skuField,
} from '@proper-parts/domain/catalog-csv';
import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import {
  breakAbovePrice,
  packSizeField,
  priceBreakList,
  sameBreaks,
} from '@proper-parts/domain/price-breaks';
import { productFields } from '@proper-parts/domain/product-admin';
import { productSlug, type UpdateProductRequest } from '@proper-parts/domain/product-edit';
import { useId, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useEditProduct } from '../api/edit-product';
import { BrandOptions, CategorySelect } from './catalog-fields';
import { PriceBreaksFields } from './price-breaks-fields';

/** One specification or cross-reference per line, in the CSV's syntax (README). */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');

const parsedText = <T,>(parse: (text: string) => T) =>
  z.string().transform((text, context) => {
    try {
      return parse(lines(text));
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

const editProductForm = z
  .object({
    sku: skuField,
    name: productFields.shape.name,
    slug: productSlug,
    mpn: z.string().trim().max(60, 'MPN must be at most 60 characters'),
    brand: z.string().trim().max(80),
    category: z.string(),
    price: productFields.shape.price,
    minimumOrderQuantity: productFields.shape.minimumOrderQuantity,
    availableQuantity: productFields.shape.availableQuantity,
    // May stay empty: a product imported without one has none to keep.
    description: z.string().trim().max(2000, 'Description must be at most 2,000 characters'),
    attributes: parsedText(parseAttributes),
    crossReferences: parsedText(parseCrossReferences),
    priceBreaks: priceBreakList,
    packSize: packSizeField,
  })
  .superRefine(
    (form, context) => {
      const above = breakAbovePrice(form.priceBreaks, form.price);
      if (above)
        context.addIssue({
          code: 'custom',
          path: ['priceBreaks', above.index, 'price'],
          message: above.message,
        });
    },
    // With the other fields' messages, not after them (an empty number compares as no price).
    { when: ({ value }) => Array.isArray((value as { priceBreaks?: unknown }).priceBreaks) },
  );
type FormInput = z.input<typeof editProductForm>;
type FormValues = z.output<typeof editProductForm>;
/** For the field groups that take this form's `control`. */
export type EditProductFormInput = FormInput;
export type EditProductFormValues = FormValues;
type Field = keyof FormInput;

const valuesOf = (product: CatalogProduct): FormInput => ({
  sku: product.sku,
  name: product.name,
  slug: product.slug,
  mpn: product.mpn ?? '',
  brand: product.brand?.name ?? '',
  category: product.category?.slug ?? '',
  price: product.price,
  minimumOrderQuantity: product.minimumOrderQuantity,
  availableQuantity: product.availableQuantity,
  description: product.description,
  attributes: formatAttributes(product.attributes).replaceAll('; ', '\n'),
  crossReferences: formatCrossReferences(product.crossReferences).replaceAll('; ', '\n'),
  priceBreaks: product.priceBreaks,
  packSize: product.packSize,
});

/** Which field a server message is about: "sku: …", "priceBreaks.1.price: …". */
const fieldOfMessage = (message: string): FieldPath<FormInput> | undefined => {
  const path = /^([\w.]+):/.exec(message)?.[1];
  const name = path?.split('.')[0];
  return name && name in editProductFieldNames ? (path as FieldPath<FormInput>) : undefined;
};
const editProductFieldNames: Record<Field, true> = {
  sku: true,
  name: true,
  slug: true,
  mpn: true,
  brand: true,
  category: true,
  price: true,
  minimumOrderQuantity: true,
  availableQuantity: true,
  description: true,
  attributes: true,
  crossReferences: true,
  priceBreaks: true,
  packSize: true,
};

function TextArea({
  label,
  hint,
  error,
  rows = 4,
  ...textarea
}: React.ComponentProps<'textarea'> & { label: string; hint?: string; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={`textarea w-full font-mono text-sm ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
        {...textarea}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * An admin's edit of one product (issue 16): every field of the catalog, with the brands as a
 * typeahead and the category tree as a list. Only the fields that changed are sent, so a save
 * never writes back a stock count that orders have since taken from.
 */
export function EditProductForm({ product }: { product: CatalogProduct }) {
  const edit = useEditProduct(product._id);
  const [failure, setFailure] = useState<string>();
  // Compared whole: a field array's dirty marks do not say whether a removed row changed it.
  const savedBreaks = useRef(product.priceBreaks);
  const brandListId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, dirtyFields, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(editProductForm),
    defaultValues: valuesOf(product),
  });

  const save = handleSubmit(async (values) => {
    setFailure(undefined);
    const changed: Record<string, unknown> = {};
    for (const field of Object.keys(dirtyFields) as Field[])
      if (field !== 'priceBreaks') changed[field] = values[field];
    if (!sameBreaks(values.priceBreaks, savedBreaks.current))
      changed.priceBreaks = values.priceBreaks;
    if (Object.keys(changed).length === 0) return setFailure('Nothing has changed');
    try {
      const saved = await edit.mutateAsync(changed as UpdateProductRequest);
      savedBreaks.current = saved.priceBreaks;
      reset(valuesOf(saved));
      toast.success(`${saved.name} saved`);
    } catch (error) {
      const message = (error as Error).message;
      const field = fieldOfMessage(message);
      if (field) setError(field, { message });
      else setFailure(message);
    }
  });

  const numberOptions = { valueAsNumber: true } as const;
  return (
    <form
      noValidate
      onSubmit={save}
      className="grid max-w-3xl gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:grid-cols-2 sm:p-6"
    >
      <div className="sm:col-span-2">
        <FormField label="Name" error={errors.name?.message} {...register('name')} />
      </div>
      <div className="sm:col-span-2">
        <FormField
          label="Page URL: /products/…"
          labelAside={
            <span className="text-xs text-base-content/60">
              Kept when the name changes; an old URL still leads here
            </span>
          }
          autoComplete="off"
          error={errors.slug?.message}
          {...register('slug')}
        />
      </div>
      <FormField label="SKU" error={errors.sku?.message} {...register('sku')} />
      <FormField label="MPN" error={errors.mpn?.message} {...register('mpn')} />
      <FormField
        label="Brand"
        list={brandListId}
        autoComplete="off"
        error={errors.brand?.message}
        {...register('brand')}
      />
      <BrandOptions id={brandListId} />
      <CategorySelect
        field={register('category')}
        error={errors.category?.message}
        empty={product.category ? undefined : 'No category'}
        current={product.category}
      />
      <FormField
        label="Price per piece ($)"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        error={errors.price?.message}
        {...register('price', numberOptions)}
      />
      <FormField
        label="Minimum order quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.minimumOrderQuantity?.message}
        {...register('minimumOrderQuantity', numberOptions)}
      />
      <FormField
        label="Available quantity"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.availableQuantity?.message}
        {...register('availableQuantity', numberOptions)}
      />
      <FormField
        label="Pack size"
        labelAside={<span className="text-xs text-base-content/60">Pieces per pack</span>}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.packSize?.message}
        {...register('packSize', numberOptions)}
      />
      <PriceBreaksFields control={control} register={register} errors={errors.priceBreaks} />
      <div className="sm:col-span-2">
        <TextArea
          label="Description"
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <TextArea
        label="Specifications"
        hint="One per line: name=value unit, e.g. bore=20 mm"
        error={errors.attributes?.message}
        {...register('attributes')}
      />
      <TextArea
        label="Cross-references"
        hint="One per line: oem, superseded or competitor, then the number, e.g. oem:12-6204"
        error={errors.crossReferences?.message}
        {...register('crossReferences')}
      />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormAlert message={failure} />
        <BusyButton
          busy={isSubmitting || edit.isPending}
          className="btn-primary sm:w-auto sm:self-start sm:px-10"
        >
          Save changes
        </BusyButton>
      </div>
    </form>
  );
}
