import multipart from '@fastify/multipart';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { returnMessages, returnPhotoParams, returnPhotoUpload } from '@proper-parts/domain/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { type ImageStorage, newImageName } from '../uploads/image-storage.ts';
import { toProductImage } from '../uploads/process-image.ts';
import { imageUploadLimits, readImageField } from '../uploads/upload-routes.ts';
import { isPhotoOf, recordPhotoUpload } from './return-photos.ts';
import { findMyReturn, findReturn } from './returns-repository.ts';

/**
 * Issue 37: photos of a return, through the upload path (uploads/upload-routes.ts), kept in their
 * own storage (`DATA_DIR/uploads/returns`, never served by `GET /uploads/<name>`).
 */
export function returnPhotoRoutes(storage: ImageStorage): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this scope parses multipart, as the product images' upload scope does.
    await app.register(multipart, imageUploadLimits);

    app.post(
      '/returns/photos',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['returns'],
          summary:
            "Upload a photo for a return request (multipart field 'image', JPEG/PNG/WebP/GIF/AVIF, at most 5 MB): stored as WebP without its metadata; name it in the request's `photos`. Only its uploader may attach it",
          consumes: ['multipart/form-data'],
          response: {
            200: successEnvelope(returnPhotoUpload),
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
        await recordPhotoUpload(app.db, name, actorOf(request).id);
        return { success: true as const, data: { name } };
      },
    );

    app.get(
      '/returns/:id/photos/:name',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['returns'],
          summary:
            "A photo of a return (WebP): the return's readers (its buyer, their company's admins) and shop admins; anyone else is a 404",
          params: returnPhotoParams,
          produces: ['image/webp'],
          response: { 200: z.any().describe('image/webp'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { id, name } = request.params;
        const found =
          actor.role === 'admin'
            ? await findReturn(app.db, id)
            : await findMyReturn(app.db, actor, id);
        if (!found || !(await isPhotoOf(app.db, id, name)))
          throw new AppError('NOT_FOUND', returnMessages.photoNotFound);
        const file = await storage.open(name);
        if (!file) throw new AppError('NOT_FOUND', returnMessages.photoNotFound);
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', file.size)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );
  };
}
