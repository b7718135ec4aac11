import multipart from '@fastify/multipart';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { messages } from '@proper-parts/domain/messages';
import { MAX_UPLOAD_BYTES, uploadResponse } from '@proper-parts/domain/product-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { type ImageStorage, newImageName, STORED_IMAGE_NAME } from './image-storage.ts';

/** One image a request, at most MAX_UPLOAD_BYTES: the multipart limits of every image upload. */
export const imageUploadLimits = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
};

import { toProductImage } from './process-image.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The bytes of the multipart field `image`, refused with a clear 4xx when there is no such file. */
export async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageFieldMissing);
  try {
    const part = await request.file();
    if (part?.fieldname !== 'image') throw new AppError('INVALID', messages.imgRequired);
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('INVALID', messages.imgRequired);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', messages.imageTooLarge);
    if (statusCode === 413) throw new AppError('TOO_LARGE', messages.uploadTooManyParts);
    // Busboy's own complaints (no boundary, a part cut short) carry no status: the form is broken.
    throw new AppError(
      'INVALID',
      `The upload is not a valid multipart form: ${(error as Error).message}`,
    );
  }
}

/**
 * `POST /api/v1/uploads` (admin): the spec's image-hosting call, kept in the shop. Answers
 * `{ success, data: { url } }` with the URL `POST /tools` takes as `img`.
 */
export function uploadRoutes(storage: ImageStorage): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this scope parses multipart; everywhere else it stays a 415.
    await app.register(multipart, imageUploadLimits);

    app.post(
      '/uploads',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['catalog'],
          summary:
            "Upload a product image (admin): multipart field 'image', JPEG/PNG/WebP/GIF/AVIF, at most 5 MB and 40 megapixels; stored as WebP",
          consumes: ['multipart/form-data'],
          response: {
            200: successEnvelope(uploadResponse),
            ...errorResponses,
            413: errorEnvelope,
            415: errorEnvelope,
          },
        },
      },
      async (request) => {
        const webp = await toProductImage(await readImageField(request));
        const name = newImageName();
        await storage.save(name, webp);
        return { success: true as const, data: { url: `/uploads/${name}` } };
      },
    );
  };
}

/** `GET /uploads/<name>.webp`: stored images, cached for a year (a name is never reused). */
export function uploadedImageRoutes(storage: ImageStorage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/uploads/:name',
      {
        config: { access: 'public' },
        schema: { hide: true, params: z.object({ name: z.string() }) },
      },
      async (request, reply) => {
        const { name } = request.params;
        const found = STORED_IMAGE_NAME.test(name) ? await storage.open(name) : undefined;
        if (!found) throw new AppError('NOT_FOUND', `${messages.notFound}: /uploads/${name}`);
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', found.size)
          .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
          .header('x-content-type-options', 'nosniff')
          .send(found.stream);
      },
    );
  };
}
