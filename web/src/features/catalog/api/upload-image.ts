import { uploadResponse } from '@proper-parts/domain/product-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** Sends one image in the multipart field `image` (admin); answers the URL `POST /tools` takes. */
export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return apiFetch(api.uploads, { method: 'POST', body: form, schema: uploadResponse });
};

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
