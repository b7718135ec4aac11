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
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { toast } from '../../../lib/toast';
import { useCreateTool } from '../api/create-tool';
import { useUploadImage } from '../api/upload-image';
import { ProductFields, productFormClass } from './product-fields';

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
  const form = useForm<AddProductFormInput, unknown, AddProductFormValues>({
    resolver: zodResolver(addProductForm),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = form;
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

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save} className={productFormClass}>
        <ProductFields
          adding
          skuAside={
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
          afterStock={
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
          }
        />
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
    </FormProvider>
  );
}
