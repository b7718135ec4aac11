import { type ReactNode, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, TextAreaField } from '../../../components/form-field';
import { BrandOptions, CategorySelect } from './catalog-fields';

/** The fields a new product and an edited one share (their forms' names for them). */
export interface ProductFieldsInput {
  name: string;
  sku?: string;
  brand?: string;
  category?: string;
  price: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  description: string;
}

const numberOptions = { valueAsNumber: true } as const;

/**
 * The fields of Add A Product and Edit Product, in the same places on both, inside a form under
 * react-hook-form's `FormProvider`. A form's own fields go in the slots: after the name, after the
 * SKU, and after the quantities (before the description).
 */
export function ProductFields({
  adding = false,
  skuAside,
  currentCategory,
  afterName,
  afterSku,
  afterStock,
}: {
  /** A new product: SKU and brand may be left empty, and so may the category. */
  adding?: boolean;
  skuAside?: ReactNode;
  /** The edited product's category, shown while the tree loads (none: "No category" is offered). */
  currentCategory?: { slug: string; name: string } | null;
  afterName?: ReactNode;
  afterSku?: ReactNode;
  afterStock?: ReactNode;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFieldsInput>();
  const brandListId = useId();
  const optional = adding ? ' (optional)' : '';
  return (
    <>
      <div className="sm:col-span-2">
        <FormField label="Name" error={errors.name?.message} {...register('name')} />
      </div>
      {afterName}
      <FormField
        label={`SKU${optional}`}
        placeholder={adding ? 'Left empty, the shop makes one' : undefined}
        labelAside={skuAside}
        error={errors.sku?.message}
        {...register('sku')}
      />
      {afterSku}
      <FormField
        label={`Brand${optional}`}
        list={brandListId}
        autoComplete="off"
        error={errors.brand?.message}
        {...register('brand')}
      />
      <BrandOptions id={brandListId} />
      <CategorySelect
        field={register('category')}
        error={errors.category?.message}
        empty={adding || !currentCategory ? 'No category' : undefined}
        current={currentCategory}
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
      {afterStock}
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description"
          rows={4}
          placeholder="Material, dimensions, standard — what a buyer needs to know"
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
    </>
  );
}

/** The frame both product forms are drawn in: two columns from `sm` on. */
export const productFormClass =
  'grid max-w-3xl gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:grid-cols-2 sm:p-6';
