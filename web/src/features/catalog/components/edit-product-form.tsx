import { zodResolver } from '@hookform/resolvers/zod';
import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { sameBreaks } from '@proper-parts/domain/price-breaks';
import type { UpdateProductRequest } from '@proper-parts/domain/product-edit';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField, TextAreaField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useEditProduct } from '../api/edit-product';
import { CoreDepositFields } from './core-deposit-fields';
import {
  type EditProductField,
  type EditProductFormInput,
  type EditProductFormValues,
  editProductForm,
  fieldOfMessage,
  productFormValues,
} from './edit-product-schema';
import { PriceBreaksFields } from './price-breaks-fields';
import { ProductFields, productFormClass } from './product-fields';
import { SalesUnitFields } from './sales-unit-fields';
import { ShippingSizeFields } from './shipping-size-fields';

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
  const form = useForm<EditProductFormInput, unknown, EditProductFormValues>({
    resolver: zodResolver(editProductForm),
    defaultValues: productFormValues(product),
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, dirtyFields, isSubmitting },
  } = form;

  const save = handleSubmit(async (values) => {
    setFailure(undefined);
    const changed: Record<string, unknown> = {};
    for (const field of Object.keys(dirtyFields) as EditProductField[])
      if (field !== 'priceBreaks') changed[field] = values[field];
    if (!sameBreaks(values.priceBreaks, savedBreaks.current))
      changed.priceBreaks = values.priceBreaks;
    if (Object.keys(changed).length === 0) return setFailure('Nothing has changed');
    try {
      const saved = await edit.mutateAsync(changed as UpdateProductRequest);
      savedBreaks.current = saved.priceBreaks;
      reset(productFormValues(saved));
      toast.success(`${saved.name} saved`);
    } catch (error) {
      const message = (error as Error).message;
      const field = fieldOfMessage(message);
      if (field) setError(field, { message });
      else setFailure(message);
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save} className={productFormClass}>
        <ProductFields
          currentCategory={product.category}
          afterName={
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
          }
          afterSku={
            <>
              <FormField label="MPN" error={errors.mpn?.message} {...register('mpn')} />
              <FormField
                label="Replaced by (SKU)"
                labelAside={
                  <span className="text-xs text-base-content/60">Empty: not replaced</span>
                }
                autoComplete="off"
                error={errors.supersededBy?.message}
                {...register('supersededBy')}
              />
            </>
          }
          afterStock={
            <>
              <SalesUnitFields />
              <PriceBreaksFields
                control={control}
                register={register}
                errors={errors.priceBreaks}
              />
              <ShippingSizeFields />
              <CoreDepositFields />
            </>
          }
        />
        <TextAreaField
          label="Specifications"
          rows={4}
          className="font-mono text-sm"
          hint="One per line: name=value unit, e.g. bore=20 mm"
          error={errors.attributes?.message}
          {...register('attributes')}
        />
        <TextAreaField
          label="Cross-references"
          rows={4}
          className="font-mono text-sm"
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
    </FormProvider>
  );
}
