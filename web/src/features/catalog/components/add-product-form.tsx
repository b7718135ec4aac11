import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@proper-parts/domain/messages';
import {
  MAX_UPLOAD_BYTES,
  productCatalogFields,
  productFields,
  suggestSku,
  UPLOAD_IMAGE_TYPES,
  withMinimumWithinStock,
} from '@proper-parts/domain/product-admin';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useCreateTool } from '../api/create-tool';
import { useUploadImage } from '../api/upload-image';
import { BrandOptions, CategorySelect } from './catalog-fields';

const acceptedTypes: readonly string[] = UPLOAD_IMAGE_TYPES;

/**
 * The picked file. The type and size checks only spare a pointless upload; the server looks at
 * the bytes. An empty type (the browser does not know the extension) is left to the server.
 */
const imageFile = z
  .custom<FileList | undefined>()
  .transform((files) => files?.[0])
  .pipe(
    z
      .instanceof(File, { message: messages.imgRequired })
      .refine((file) => file.size <= MAX_UPLOAD_BYTES, messages.imageTooLarge)
      .refine(
        (file) => !file.type || acceptedTypes.includes(file.type),
        messages.imageNotSupported,
      ),
  );

/** The API's own product rules (domain), with the image file in place of its URL. */
export const addProductForm = withMinimumWithinStock(
  productFields.extend({ image: imageFile, ...productCatalogFields }),
);
type AddProductFormInput = z.input<typeof addProductForm>;
type AddProductFormValues = z.output<typeof addProductForm>;

/** Shows the picked image, so the admin sees what they are about to add. */
function usePreview(files: FileList | undefined) {
  const [url, setUrl] = useState<string>();
  const file = files?.[0];
  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Add A Product (spec §2, §5): uploads the image, then adds the product with its URL. Toasts
 * 'Product added Successful' or 'Failed to add a Product' (§8); the reason shows on the form.
 */
export function AddProductForm() {
  const upload = useUploadImage();
  const create = useCreateTool();
  const [failure, setFailure] = useState<string>();
  const imageId = useId();
  const brandListId = useId();
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AddProductFormInput, unknown, AddProductFormValues>({
    resolver: zodResolver(addProductForm),
  });
  const preview = usePreview(watch('image'));

  const save = handleSubmit(async ({ image, ...product }) => {
    setFailure(undefined);
    let img: string;
    try {
      img = (await upload.mutateAsync(image)).url;
    } catch (error) {
      // The server says what is wrong with the file: it belongs under the file input.
      setError('image', { message: (error as Error).message });
      toast.error(messages.productAddFailed);
      return;
    }
    try {
      const { insertedId } = await create.mutateAsync({ ...product, img });
      if (!insertedId) throw new Error(messages.productAddFailed);
      toast.success(messages.productAdded);
      reset();
    } catch (error) {
      setFailure((error as Error).message);
      toast.error(messages.productAddFailed);
    }
  });

  const busy = isSubmitting || upload.isPending || create.isPending;
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

      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={descriptionId} className="text-sm font-medium">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          placeholder="Material, dimensions, standard — what a buyer needs to know"
          {...register('description')}
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="text-sm text-error">
            {errors.description.message}
          </p>
        )}
      </div>

      <FormField
        label="SKU (optional)"
        placeholder="Left empty, the shop makes one"
        error={errors.sku?.message}
        labelAside={
          <button
            type="button"
            className="link link-primary text-xs"
            onClick={() =>
              setValue('sku', suggestSku(getValues('name') ?? ''), { shouldValidate: true })
            }
          >
            Suggest from the name
          </button>
        }
        {...register('sku')}
      />
      <FormField
        label="Brand (optional)"
        list={brandListId}
        autoComplete="off"
        error={errors.brand?.message}
        {...register('brand')}
      />
      <BrandOptions id={brandListId} />
      <CategorySelect
        field={register('category')}
        error={errors.category?.message}
        empty="No category"
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
        label="Price per piece ($)"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        error={errors.price?.message}
        {...register('price', numberOptions)}
      />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={imageId} className="text-sm font-medium">
          Image
        </label>
        <input
          id={imageId}
          type="file"
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          className={`file-input w-full ${errors.image ? 'file-input-error' : ''}`}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={`${imageId}-hint${errors.image ? ` ${imageId}-error` : ''}`}
          {...register('image')}
        />
        <p id={`${imageId}-hint`} className="text-xs text-base-content/60">
          JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.
        </p>
        {errors.image && (
          <p id={`${imageId}-error`} className="text-sm text-error">
            {errors.image.message}
          </p>
        )}
      </div>

      {preview && (
        <figure className="sm:col-span-2">
          <img
            src={preview}
            alt="Preview of the chosen file"
            width={160}
            height={120}
            className="h-30 w-40 rounded-box border border-base-300 bg-base-200 object-contain"
          />
        </figure>
      )}

      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormAlert message={failure} />
        <BusyButton busy={busy} className="btn-primary sm:w-auto sm:self-start sm:px-10">
          {upload.isPending ? 'Uploading image…' : 'Add Product'}
        </BusyButton>
      </div>
    </form>
  );
}
